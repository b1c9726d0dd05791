import type { ServerResponse } from 'node:http';

// One server-sent-events connection. Written straight to the socket (the route hijacks the reply), so
// the headers a proxy needs to pass it through unbuffered are set here.

export const heartbeatIntervalMs = 25_000;
// EventSource waits this long before it reconnects after a dropped connection.
const reconnectDelayMs = 5_000;
// A client that stops reading is dropped rather than buffered for without end.
const maxBufferedBytes = 1024 * 1024;

export const eventStreamHeaders = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-transform',
  Connection: 'keep-alive',
  // nginx and similar proxies buffer responses unless told not to.
  'X-Accel-Buffering': 'no',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
} as const;

/** One SSE frame: a named event with a JSON data line. */
export const formatEvent = (event: string, data: unknown): string =>
  `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export type EventStream = {
  send: (event: string, data: unknown) => void;
  /** A comment line: keeps proxies and load balancers from closing an idle connection. */
  comment: (text: string) => void;
  /** `retryMs`: how long the browser's EventSource waits before it connects again (the server is going away). */
  end: (options?: { retryMs?: number }) => void;
  /** Runs once the connection is gone, whoever ended it (at once if it already is). */
  onClose: (listener: () => void) => void;
  readonly closed: boolean;
};

export const openEventStream = (raw: ServerResponse): EventStream => {
  // The client may have gone while the route got ready.
  let closed = raw.destroyed;
  if (!closed) raw.writeHead(200, eventStreamHeaders);
  raw.on('close', () => {
    closed = true;
  });
  const write = (text: string): void => {
    if (closed || raw.destroyed || raw.writableEnded) return;
    raw.write(text);
    if (raw.writableLength > maxBufferedBytes) raw.destroy();
  };
  write(`retry: ${reconnectDelayMs}\n\n`);
  return {
    send: (event, data) => write(formatEvent(event, data)),
    comment: (text) => write(`: ${text}\n\n`),
    end: (options = {}) => {
      if (options.retryMs !== undefined) write(`retry: ${options.retryMs}\n\n`);
      if (!closed && !raw.writableEnded) raw.end();
    },
    onClose: (listener) => {
      if (closed) listener();
      else raw.once('close', listener);
    },
    get closed() {
      return closed;
    },
  };
};
