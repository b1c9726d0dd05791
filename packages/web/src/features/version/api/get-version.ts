import { queryOptions, useQuery } from '@tanstack/react-query';
import { versionSchema } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { backgroundMeta } from '../../../lib/query-meta';

/** Spec §9: the version is polled every 10 s. */
export const versionPollIntervalMs = 10_000;

export const getVersion = async (signal?: AbortSignal): Promise<string> =>
  (await apiClient.get('/api/version/', versionSchema, signal)).version;

// A failed poll is ignored: the next one tries again, and the user has nothing to act on.
export const versionQueryOptions = () =>
  queryOptions({
    queryKey: ['version'],
    queryFn: ({ signal }) => getVersion(signal),
    refetchInterval: versionPollIntervalMs,
    refetchIntervalInBackground: true,
    retry: false,
    meta: backgroundMeta,
  });

export const useVersion = () => useQuery(versionQueryOptions());
