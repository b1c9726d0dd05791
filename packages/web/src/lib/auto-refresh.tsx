import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useQueryClient, type Query } from '@tanstack/react-query';
import { pollSchedule } from '@lab/domain';
import { isBackgroundQuery } from './query-meta';
import { isCollectionQueryKey } from './query-keys';
import { usePollInterval, useStreamResync } from './stream-status';

/** Spec §9: data is refetched every 30 s, unless the view is active, a dialog is open or the user is editing. */
export const refreshIntervalMs = pollSchedule.withoutStream.collectionMs;

type PauseControl = { pause: () => () => void };

const PauseContext = createContext<PauseControl>({ pause: () => () => undefined });

// What the 30 s refresh reloads: the data on screen, but not the background polls (they keep their own
// rhythm). A collection's data is also refreshed by the live stream's `collection` frame, so while the
// stream is live it is reloaded only once it is `collectionMs` old, to confirm; the rest (work queue,
// client, schedule…) is pushed by nothing and keeps the 30 s.
const isDueForRefresh = (query: Query, collectionMs: number, now: number): boolean => {
  if (isBackgroundQuery(query)) return false;
  if (!isCollectionQueryKey(query.queryKey) || collectionMs <= refreshIntervalMs) return true;
  // Due when it would be older than collectionMs at the next tick, so the period is collectionMs.
  return now + refreshIntervalMs - query.state.dataUpdatedAt > collectionMs;
};

/**
 * Refetches the stale queries on screen every 30 s (collection data relaxed while the live stream pushes
 * it, see `isDueForRefresh`). Reference lists never go stale, so they are left alone. When the stream
 * drops or comes back, collection data is reloaded once at once (frames may have been missed) — or as
 * soon as the pause ends.
 */
export const AutoRefresh = ({ isEnabled, children }: { isEnabled: boolean; children: ReactNode }) => {
  const queryClient = useQueryClient();
  const [pauseCount, setPauseCount] = useState(0);
  const collectionMs = usePollInterval('collectionMs');
  const isRunning = isEnabled && pauseCount === 0;

  const isResyncDueRef = useRef(false);
  const refetchCollections = useCallback(
    () =>
      queryClient.refetchQueries({
        type: 'active',
        predicate: (query) => !isBackgroundQuery(query) && isCollectionQueryKey(query.queryKey),
      }),
    [queryClient],
  );
  useStreamResync(() => {
    if (isRunning) void refetchCollections();
    else isResyncDueRef.current = true;
  });

  useEffect(() => {
    if (!isRunning) return undefined;
    if (isResyncDueRef.current) {
      isResyncDueRef.current = false;
      void refetchCollections();
    }
    const timer = setInterval(() => {
      const now = Date.now();
      void queryClient.refetchQueries({
        type: 'active',
        stale: true,
        predicate: (query) => isDueForRefresh(query, collectionMs, now),
      });
    }, refreshIntervalMs);
    return () => clearInterval(timer);
  }, [isRunning, collectionMs, queryClient, refetchCollections]);

  const pause = useCallback(() => {
    setPauseCount((count) => count + 1);
    return () => setPauseCount((count) => count - 1);
  }, []);
  const control = useMemo(() => ({ pause }), [pause]);

  return <PauseContext.Provider value={control}>{children}</PauseContext.Provider>;
};

/** Dialogs and edit forms call this so the screen does not change under the user. */
export const usePauseAutoRefresh = (isPaused: boolean): void => {
  const { pause } = useContext(PauseContext);
  useEffect(() => (isPaused ? pause() : undefined), [isPaused, pause]);
};
