import { queryOptions, useQuery } from '@tanstack/react-query';
import { collectionEventSchema, type CollectionEvent } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { backgroundMeta } from '../../../lib/query-meta';

/** Collection-views §9: the file lock is polled every 2 s while the window has focus. */
export const fileLockPollIntervalMs = 2_000;

export const getFileLock = (collectionUid: string, signal?: AbortSignal): Promise<CollectionEvent> =>
  apiClient.get(
    `/api/v2/event/${encodeURIComponent(collectionUid)}/?queue=true`,
    collectionEventSchema,
    signal,
  );

// A failed poll is ignored (the next one tries again); the browser revalidates with the ETag, so an
// unchanged answer is a bodiless 304.
export const fileLockQueryOptions = (collectionUid: string, isPolling: boolean) =>
  queryOptions({
    queryKey: ['file-lock', collectionUid],
    queryFn: ({ signal }) => getFileLock(collectionUid, signal),
    refetchInterval: isPolling ? fileLockPollIntervalMs : false,
    retry: false,
    meta: backgroundMeta,
  });

export const useFileLock = (collectionUid: string, isPolling: boolean) =>
  useQuery({ ...fileLockQueryOptions(collectionUid, isPolling), enabled: isPolling });
