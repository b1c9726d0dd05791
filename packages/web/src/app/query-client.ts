import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-client';

// A refused request (4xx) will be refused again; a network or server failure gets one more try.
const shouldRetry = (failureCount: number, error: unknown) =>
  failureCount < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500);

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
