import { useEffect, useRef } from 'react';
import { streamPathFor } from '@lab/domain';
import { useStreamStatusStore } from '../../../lib/stream-status';

export type ServerEventHandlers = {
  /** A notification for the signed-in user was created or changed. */
  onNotification: () => void;
  /** A collection changed on the server. */
  onCollection: (uid: string) => void;
  /** The file lock of a collection was taken or released. */
  onFileLock: (uid: string) => void;
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
 * note reaches the windows showing its collection, not every open window. When the page moves to another
 * collection the stream is opened again for it without counting as a drop; once the new one is `ready`
 * the collection and its lock are refetched, for a change made while neither stream watched it.
 */
export const useServerEvents = (
  handlers: ServerEventHandlers,
  watchedCollectionUids: readonly string[],
): void => {
  const status = useStreamStatusStore();
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  }, [handlers]);
  const watchedRef = useRef(watchedCollectionUids);
  const resubscribeRef = useRef<(() => void) | null>(null);
  const watchedKey = watchedCollectionUids.join(',');
  useEffect(() => {
    watchedRef.current = watchedKey === '' ? [] : watchedKey.split(',');
    resubscribeRef.current?.();
  }, [watchedKey]);

  useEffect(() => {
    if (typeof EventSource === 'undefined') return undefined;
    let source: EventSource | null = null;
    let sourcePath = '';
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let retryMs = firstRetryMs;
    let isStopped = false;

    function scheduleReconnect() {
      if (isStopped) return;
      retryTimer = setTimeout(connect, Math.round(retryMs * (0.5 + Math.random() / 2)));
      retryMs = Math.min(retryMs * 2, maxRetryMs);
    }

    function connect(options: { isSwitch: boolean } = { isSwitch: false }) {
      if (isStopped) return;
      const watched = watchedRef.current;
      sourcePath = streamPathFor(watched);
      const stream = new EventSource(sourcePath);
      source = stream;
      stream.addEventListener('open', () => {
        retryMs = firstRetryMs;
      });
      stream.addEventListener('ready', (event) => {
        if (source !== stream) return;
        status.markReady(readField((event as MessageEvent).data, 'version'));
        if (!options.isSwitch) return;
        for (const uid of watched) {
          handlersRef.current.onCollection(uid);
          handlersRef.current.onFileLock(uid);
        }
      });
      stream.addEventListener('notification', () => handlersRef.current.onNotification());
      stream.addEventListener('collection', (event) => {
        const uid = readField((event as MessageEvent).data, 'uid');
        if (uid) handlersRef.current.onCollection(uid);
      });
      stream.addEventListener('file_lock', (event) => {
        const uid = readField((event as MessageEvent).data, 'uid');
        if (uid) handlersRef.current.onFileLock(uid);
      });
      // `expired`: the server ends the stream because the session ended; an error: the connection broke
      // or was refused. Either way a new stream, after a wait. An ended session resyncs nothing: the page
      // is signing out (a refetch now would race the logout's own redirect with a 'Not Logged In' one), or
      // its next poll finds the session gone anyway.
      const reconnect = (isSessionEnded: boolean) => {
        stream.close();
        if (source !== stream) return;
        source = null;
        status.markDown({ isResync: !isSessionEnded });
        scheduleReconnect();
      };
      stream.addEventListener('expired', () => reconnect(true));
      stream.addEventListener('error', () => reconnect(false));
    }

    connect();
    resubscribeRef.current = () => {
      // A stream waiting to reconnect opens on the new path anyway.
      if (!source || sourcePath === streamPathFor(watchedRef.current)) return;
      source.close();
      connect({ isSwitch: true });
    };
    return () => {
      resubscribeRef.current = null;
      isStopped = true;
      clearTimeout(retryTimer);
      source?.close();
      status.markDown({ isResync: true });
    };
  }, [status]);
};
