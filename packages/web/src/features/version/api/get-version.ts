import { queryOptions } from '@tanstack/react-query';
import { pollSchedule, versionSchema } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { backgroundMeta } from '../../../lib/query-meta';
import { versionQueryKey } from '../../../lib/query-keys';

/** Spec §9: the version is polled every 10 s. */
export const versionPollIntervalMs = pollSchedule.withoutStream.versionMs;

export const getVersion = async (signal?: AbortSignal): Promise<string> =>
  (await apiClient.get('/api/version/', versionSchema, signal)).version;

// A failed poll is ignored: the next one tries again, and the user has nothing to act on.
export const versionQueryOptions = (intervalMs: number = versionPollIntervalMs) =>
  queryOptions({
    queryKey: versionQueryKey,
    queryFn: ({ signal }) => getVersion(signal),
    refetchInterval: intervalMs,
    refetchIntervalInBackground: true,
    retry: false,
    meta: backgroundMeta,
  });
