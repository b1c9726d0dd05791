import http from 'node:http';
import type { FastifyInstance } from 'fastify';

// A minimal EventSource for tests: a real HTTP request to a listening app, its frames parsed as they
// arrive, and a way to wait for the next frame of a kind. Like a page's EventSource, it authenticates
// with the headers it is given: the session cookie (`{ cookie }`), never a token in the URL.

export type StreamFrame = { event: string; data: unknown } | { comment: string };

export type TestStream = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  frames: StreamFrame[];
  /** The next frame of that event (or comment text) not yet taken; rejects after the timeout. */
  next: (event: string, timeoutMs?: number) => Promise<unknown>;
  /** Frames of that event seen so far. */
  seen: (event: string) => unknown[];
  ended: Promise<void>;
  close: () => void;
};

export const portOf = (app: FastifyInstance): number => {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening');
  return address.port;
};

const parseBlock = (block: string): StreamFrame | null => {
  let event = 'message';
  let data = '';
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) return { comment: line.slice(1).trim() };
    if (line.startsWith('event: ')) event = line.slice(7);
    else if (line.startsWith('data: ')) data += line.slice(6);
  }
  if (data === '') return null;
  return { event, data: JSON.parse(data) as unknown };
};

export const openTestStream = (
  app: FastifyInstance,
  path: string,
  headers: Record<string, string> = {},
): Promise<TestStream> =>
  new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port: portOf(app), path, headers }, (response) => {
      const frames: StreamFrame[] = [];
      const taken = new Set<StreamFrame>();
      const waiters: { event: string; resolve: (data: unknown) => void }[] = [];
      let buffer = '';
      let body = '';
      const nameOf = (frame: StreamFrame) => ('comment' in frame ? `:${frame.comment}` : frame.event);
      const valueOf = (frame: StreamFrame) => ('comment' in frame ? frame.comment : frame.data);
      const offer = (frame: StreamFrame) => {
        frames.push(frame);
        const index = waiters.findIndex((w) => w.event === nameOf(frame));
        const waiter = index >= 0 ? waiters.splice(index, 1)[0] : undefined;
        if (waiter) {
          taken.add(frame);
          waiter.resolve(valueOf(frame));
        }
      };
      const ended = new Promise<void>((done) => response.on('close', () => done()));
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const frame = parseBlock(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (frame) offer(frame);
          end = buffer.indexOf('\n\n');
        }
      });
      const stream: TestStream = {
        status: response.statusCode ?? 0,
        headers: response.headers,
        get body() {
          return body;
        },
        frames,
        next: (event, timeoutMs = 5000) => {
          const waiting = frames.find((f) => nameOf(f) === event && !taken.has(f));
          if (waiting) {
            taken.add(waiting);
            return Promise.resolve(valueOf(waiting));
          }
          return new Promise((resolveNext, rejectNext) => {
            const timer = setTimeout(
              () => rejectNext(new Error(`no '${event}' frame within ${timeoutMs} ms`)),
              timeoutMs,
            );
            waiters.push({
              event,
              resolve: (data) => {
                clearTimeout(timer);
                resolveNext(data);
              },
            });
          });
        },
        seen: (event) => frames.filter((f) => nameOf(f) === event).map(valueOf),
        ended,
        close: () => request.destroy(),
      };
      if (response.statusCode !== 200) {
        response.on('end', () => resolve(stream));
        return;
      }
      resolve(stream);
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET') reject(error);
    });
  });
