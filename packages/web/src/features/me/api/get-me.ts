import { queryOptions, useQuery } from '@tanstack/react-query';
import { authMessages, meSchema, type Me } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { goToSignIn } from '../../../lib/navigation';

// The answer is read loosely first: a body without logged_in: true means the session is gone (spec §7:
// "if not logged in redirect to login"), which is not a shape error.
const meAnswer = { parse: (data: unknown): unknown => data };

export const getMe = async (signal?: AbortSignal): Promise<Me> => {
  const data = await apiClient.get('/api/me/', meAnswer, signal);
  const isLoggedIn =
    typeof data === 'object' && data !== null && 'logged_in' in data && data.logged_in === true;
  if (!isLoggedIn) {
    goToSignIn(authMessages.notLoggedIn);
    return new Promise<Me>(() => undefined);
  }
  return meSchema.parse(data);
};

export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['me'],
    queryFn: ({ signal }) => getMe(signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });

export const useMe = () => useQuery(meQueryOptions());
