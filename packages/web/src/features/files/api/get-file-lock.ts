import { queryOptions, useQuery } from '@tanstack/react-query';
import { collectionEventSchema, pollSchedule, type CollectionEvent } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { backgroundMeta } from '../../../lib/query-meta';
import { fileLockQueryKey } from '../../../lib/query-keys';
import { usePollInterval, useStreamResync } from '../../../lib/stream-status';

/** Collection-views §9: the file lock is polled every 2 s while the window has focus. */
export const fileLockPollIntervalMs = pollSchedule.withoutStream.fileLockMs;

export const getFileLock = (collectionUid: string, signal?: AbortSignal): Promise<CollectionEvent> =>
  apiClient.get(
    `/api/v2/event/${encodeURIComponent(collectionUid)}/?queue=true`,
    collectionEventSchema,
    signal,
  );

// A failed poll is ignored (the next one tries again); the browser revalidates with the ETag, so an
// unchanged answer is a bodiless 304.
export const fileLockQueryOptions = (collectionUid: string, intervalMs: number | false) =>
  queryOptions({
    queryKey: fileLockQueryKey(collectionUid),
    queryFn: ({ signal }) => getFileLock(collectionUid, signal),
    refetchInterval: intervalMs,
    retry: false,
    meta: backgroundMeta,
  });

/**
 * The lock, polled while `isPolling` (the window has focus): every 2 s, or once a minute to confirm while
 * the live stream pushes `file_lock` (lib/stream-status). When the stream drops, the 2 s poll is back at
 * once with one fetch straight away, since a frame may have been lost.
 */
export const useFileLock = (collectionUid: string, isPolling: boolean) => {
  const intervalMs = usePollInterval('fileLockMs');
  const query = useQuery({
    ...fileLockQueryOptions(collectionUid, isPolling ? intervalMs : false),
    enabled: isPolling,
  });
  const { refetch } = query;
  useStreamResync(() => {
    if (isPolling) void refetch();
  });
  return query;
};
