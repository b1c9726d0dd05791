import { createContext, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import { pollSchedule, type PollKind } from '@lab/domain';

// Whether the page's server-sent events stream is live now (issue 15, target 5). The notifications
// feature holds the stream and writes here; every poll of the page reads here, because features never
// import each other. While the stream is live a change is pushed and the poll only confirms
// (`pollSchedule.withStream`); once it drops, the spec's intervals come back at once, with one refetch
// of what the stream covered, since frames may have been missed.

export type StreamStatus = {
  /** The stream is open and the server has said `ready` (its subscription is in place). */
  isLive: boolean;
  /**
   * The server's version from `ready`. A server that announces it also pushes `file_lock`, so only then
   * do the file-lock and version polls relax; before, only notifications and collections are pushed.
   */
  serverVersion: string | null;
  /** Counts the moments the page must refetch what the stream covers: a drop, and a return after one. */
  resyncCount: number;
};

export type StreamStatusStore = {
  getStatus: () => StreamStatus;
  subscribe: (listener: () => void) => () => void;
  /** The stream said `ready` (with the server's version, or null from a server that sends none). */
  markReady: (serverVersion: string | null) => void;
  /**
   * The stream broke, was refused, expired or was closed by the page. `isResync`: refetch what the stream
   * covered (frames may have been missed); false when the session ended, so nothing can be refetched.
   */
  markDown: (options: { isResync: boolean }) => void;
};

const downStatus: StreamStatus = { isLive: false, serverVersion: null, resyncCount: 0 };

export const createStreamStatusStore = (): StreamStatusStore => {
  let status = downStatus;
  let hasBeenLive = false;
  const listeners = new Set<() => void>();
  const update = (next: StreamStatus) => {
    status = next;
    listeners.forEach((listener) => listener());
  };
  return {
    getStatus: () => status,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    markReady: (serverVersion) => {
      if (status.isLive && status.serverVersion === serverVersion) return;
      // The first `ready` follows the page's own first load: nothing to catch up. A return after a drop
      // refetches once, for what changed between the last poll and the new subscription.
      const isReturn = !status.isLive && hasBeenLive;
      hasBeenLive = true;
      update({ isLive: true, serverVersion, resyncCount: status.resyncCount + (isReturn ? 1 : 0) });
    },
    markDown: ({ isResync }) => {
      if (!status.isLive) return;
      update({ isLive: false, serverVersion: null, resyncCount: status.resyncCount + (isResync ? 1 : 0) });
    },
  };
};

/** The page's one stream status; tests provide their own store through the context. */
export const StreamStatusContext = createContext<StreamStatusStore>(createStreamStatusStore());

export const useStreamStatusStore = (): StreamStatusStore => useContext(StreamStatusContext);

export const useStreamStatus = (): StreamStatus => {
  const store = useStreamStatusStore();
  return useSyncExternalStore(store.subscribe, store.getStatus, store.getStatus);
};

/** Whether the live stream pushes the changes this poll would find. */
export const isPushedByStream = (kind: PollKind, status: StreamStatus): boolean => {
  if (!status.isLive) return false;
  return kind === 'fileLockMs' || kind === 'versionMs' ? status.serverVersion !== null : true;
};

/** The interval of one poll now: relaxed while the stream pushes its changes, the spec's otherwise. */
export const selectPollInterval = (kind: PollKind, status: StreamStatus): number =>
  isPushedByStream(kind, status) ? pollSchedule.withStream[kind] : pollSchedule.withoutStream[kind];

export const usePollInterval = (kind: PollKind): number => selectPollInterval(kind, useStreamStatus());

/** Calls `onResync` when the stream drops or comes back after a drop (never on the first render). */
export const useStreamResync = (onResync: () => void): void => {
  const { resyncCount } = useStreamStatus();
  const onResyncRef = useRef(onResync);
  useEffect(() => {
    onResyncRef.current = onResync;
  }, [onResync]);
  const seenRef = useRef(resyncCount);
  useEffect(() => {
    if (resyncCount === seenRef.current) return;
    seenRef.current = resyncCount;
    onResyncRef.current();
  }, [resyncCount]);
};
