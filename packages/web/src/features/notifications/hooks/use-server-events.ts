import { useEffect, useRef } from 'react';
import { apiClient } from '../../../lib/api-client';

export type ServerEventHandlers = {
  /** A notification for the signed-in user was created or changed. */
  onNotification: () => void;
  /** A collection changed on the server. */
  onCollection: (uid: string) => void;
};

export const streamPath = '/api/v2/stream';
const firstRetryMs = 1_000;
const maxRetryMs = 60_000;

const readUid = (data: unknown): string | null => {
  if (typeof data !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(data);
    return typeof parsed === 'object' && parsed !== null && 'uid' in parsed && typeof parsed.uid === 'string'
      ? parsed.uid
      : null;
  } catch {
    return null;
  }
};

/**
 * The server-sent events stream (domain-decisions 'Realtime'). EventSource cannot send headers, so the
 * bearer token travels as `access_token`. On an error or an `expired` event the stream is closed and
 * opened again with a fresh token after 1 s, 2 s, 4 s … up to a minute (EventSource's own retry would
 * reuse the old token); a successful open resets the wait. Polling stays the fallback, so a browser without EventSource or a
 * server without the stream loses nothing but speed.
 */
export const useServerEvents = (handlers: ServerEventHandlers): void => {
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  }, [handlers]);

  useEffect(() => {
    if (typeof EventSource === 'undefined') return undefined;
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let retryMs = firstRetryMs;
    let isStopped = false;

    function scheduleReconnect() {
      if (isStopped) return;
      retryTimer = setTimeout(start, retryMs);
      retryMs = Math.min(retryMs * 2, maxRetryMs);
    }

    async function connect() {
      const token = await apiClient.getToken();
      if (isStopped) return;
      const stream = new EventSource(`${streamPath}?access_token=${encodeURIComponent(token)}`);
      source = stream;
      stream.addEventListener('open', () => {
        retryMs = firstRetryMs;
      });
      stream.addEventListener('notification', () => handlersRef.current.onNotification());
      stream.addEventListener('collection', (event) => {
        const uid = readUid((event as MessageEvent).data);
        if (uid) handlersRef.current.onCollection(uid);
      });
      // `expired`: the server ends the stream because the token or session ended; an error: the
      // connection broke or was refused. Either way a new stream with a fresh token, after a wait.
      const reconnect = () => {
        stream.close();
        if (source === stream) source = null;
        scheduleReconnect();
      };
      stream.addEventListener('expired', reconnect);
      stream.addEventListener('error', reconnect);
    }

    function start() {
      connect().catch(scheduleReconnect);
    }

    start();
    return () => {
      isStopped = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, []);
};
