import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';

// A query client for tests: a failed call fails at once (no retries to wait out), and data reloads only
// when the test makes it.
export const aTestQueryClient = () =>
  new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });

export const renderWithQueries = (element: ReactElement, queryClient = aTestQueryClient()) => {
  const utils = render(<QueryClientProvider client={queryClient}>{element}</QueryClientProvider>);
  return { ...utils, queryClient };
};
