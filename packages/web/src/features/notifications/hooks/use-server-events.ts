import { useEffect, useRef } from 'react';
import { streamPathFor, type StreamTopic } from '@lab/domain';
import { useStreamStatusStore } from '../../../lib/stream-status';

export type ServerEventHandlers = {
  /** A notification for the signed-in user was created or changed. */
  onNotification: () => void;
  /** A collection changed on the server. */
  onCollection: (uid: string) => void;
  /** The file lock of a collection was taken or released. */
  onFileLock: (uid: string) => void;
  /** A new order became a collection (only on a stream that watches intake: the Check-in desk). */
  onOrderArrived: () => void;
  /** A client wrote, or an inbox item was marked (only on a stream that watches customer_service). */
  onClientWaiting: () => void;
  /**
   * The stream now carries these collections' changes, which no stream did before: refresh what may have
   * changed between their load and the subscription (without cancelling a load under way).
   */
  onWatchStarted: (uids: readonly string[]) => void;
};

const firstRetryMs = 1_000;
const maxRetryMs = 60_000;

// A frame's data is a JSON object; a field missing, of another type or unreadable data reads as null
// (`ready` came without data before issue 15).
const readField = (data: unknown, field: 'uid' | 'version'): string | null => {
  if (typeof data !== 'string' || data === '') return null;
  try {
    const parsed: unknown = JSON.parse(data);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const value: unknown = (parsed as Record<string, unknown>)[field];
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
};

/**
 * The server-sent events stream (domain-decisions 'Realtime'). EventSource cannot send headers, so the
 * server knows the user by the session cookie, which a same-origin EventSource sends by itself: no token
 * in the URL. On an error or an `expired` event (the session ended) the stream is closed and opened again
 * after about 1 s, 2 s, 4 s … up to a minute (EventSource's own retry gives up on a refused answer and never
 * backs off); each wait is spread at random over half to all of its length, so the hundreds of windows a
 * restart cuts off come back over seconds, not in one burst the server must accept connection by connection;
 * a successful open resets the wait, so signing in again in another tab brings it back.
 * Polling stays the fallback, so a browser without EventSource or a server without the stream loses
 * nothing but speed. The stream counts as live from its `ready` frame (the server's subscription is in
 * place) until it breaks: the page's polls read that (lib/stream-status) to slow down while it lasts.
 * Frames this page does not know are ignored.
 *
 * The stream carries the changes of `watchedCollectionUids` only (the collection the page shows), so a
 * note reaches the windows showing its collection, not every open window. When the page shows a
 * collection the stream does not carry, a stream for the new list is opened beside the live one, which
 * closes only once the new one is `ready`: no frame (a notification, say) falls into a gap, and it is not
 * a drop. Then `onWatchStarted` refreshes the newly watched collections. A page that stops showing one
 * keeps its stream: the extra frames cost less than a new connection.
 */
export const useServerEvents = (
  handlers: ServerEventHandlers,
  watchedCollectionUids: readonly string[],
  /** Lab-wide topics the stream also carries (the Check-in desk's, Customer Service's); fixed for the page. */
  topics: readonly StreamTopic[] = [],
): void => {
  const status = useStreamStatusStore();
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  }, [handlers]);
  const watchedRef = useRef(watchedCollectionUids);
  const topicsRef = useRef(topics);
  const rewatchRef = useRef<(() => void) | null>(null);
  const watchedKey = watchedCollectionUids.join(',');
  useEffect(() => {
    watchedRef.current = watchedKey === '' ? [] : watchedKey.split(',');
    rewatchRef.current?.();
  }, [watchedKey]);

  useEffect(() => {
    if (typeof EventSource === 'undefined') return undefined;
    type Attempt = { source: EventSource; watched: readonly string[] };
    // The stream whose frames count (from its `ready`), and one opened for a new list, not ready yet.
    let live: Attempt | null = null;
    let opening: Attempt | null = null;
    // What the last ready stream carried; null until the first, which follows the page's own first load.
    let lastWatched: readonly string[] | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let retryMs = firstRetryMs;
    let isStopped = false;

    function scheduleReconnect() {
      if (isStopped) return;
      clearTimeout(retryTimer);
      retryTimer = setTimeout(open, Math.round(retryMs * (0.5 + Math.random() / 2)));
      retryMs = Math.min(retryMs * 2, maxRetryMs);
    }

    function open() {
      if (isStopped) return;
      clearTimeout(retryTimer);
      opening?.source.close();
      const watched = watchedRef.current;
      const source = new EventSource(streamPathFor(watched, topicsRef.current));
      const attempt: Attempt = { source, watched };
      opening = attempt;
      source.addEventListener('open', () => {
        retryMs = firstRetryMs;
      });
      source.addEventListener('ready', (event) => {
        if (opening !== attempt) return;
        opening = null;
        live?.source.close();
        live = attempt;
        status.markReady(readField((event as MessageEvent).data, 'version'));
        const before = lastWatched;
        lastWatched = watched;
        const newlyWatched = before === null ? [] : watched.filter((uid) => !before.includes(uid));
        if (newlyWatched.length > 0) handlersRef.current.onWatchStarted(newlyWatched);
      });
      // The live stream's frames count; with none live, the opening one's too (ready comes first anyway).
      const isLive = () => live === attempt || (live === null && opening === attempt);
      source.addEventListener('notification', () => {
        if (isLive()) handlersRef.current.onNotification();
      });
      source.addEventListener('collection', (event) => {
        const uid = readField((event as MessageEvent).data, 'uid');
        if (uid && isLive()) handlersRef.current.onCollection(uid);
      });
      source.addEventListener('order_arrived', () => {
        if (isLive()) handlersRef.current.onOrderArrived();
      });
      source.addEventListener('client_waiting', () => {
        if (isLive()) handlersRef.current.onClientWaiting();
      });
      source.addEventListener('file_lock', (event) => {
        const uid = readField((event as MessageEvent).data, 'uid');
        if (uid && isLive()) handlersRef.current.onFileLock(uid);
      });
      // `expired`: the server ends the stream because the session ended; an error: the connection broke
      // or was refused. Either way a new stream, after a wait, unless one is already opening. An ended
      // session resyncs nothing: the page is signing out (a refetch now would race the logout's own
      // redirect with a 'Not Logged In' one), or its next poll finds the session gone anyway. A stream
      // that fails before `ready` leaves the live one as it is; the new list is tried again after the wait.
      const fail = (isSessionEnded: boolean) => {
        source.close();
        if (opening === attempt) opening = null;
        if (live === attempt) {
          live = null;
          status.markDown({ isResync: !isSessionEnded });
        }
        if (opening === null) scheduleReconnect();
      };
      source.addEventListener('expired', () => fail(true));
      source.addEventListener('error', () => fail(false));
    }

    open();
    rewatchRef.current = () => {
      const carried = opening?.watched ?? live?.watched;
      // No stream (a reconnect is waiting): it opens on the new list anyway.
      if (carried === undefined) return;
      if (watchedRef.current.every((uid) => carried.includes(uid))) return;
      open();
    };
    return () => {
      rewatchRef.current = null;
      isStopped = true;
      clearTimeout(retryTimer);
      opening?.source.close();
      live?.source.close();
      status.markDown({ isResync: true });
    };
  }, [status]);
};
