// One measured run: autocannon against one route for a fixed time, with every response's time kept so
// p95 and p99 are exact, and every answer checked against the status the route should give.
import autocannon from 'autocannon';

export type Target = {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** Request bodies taken in turn (the search keywords). */
  bodies?: string[];
  headers?: Record<string, string>;
  /** The status every answer should have (200, or 304 for an unchanged poll). */
  expectStatus?: number;
};

export type Measurement = {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  /** Answers with another status, and connection errors and timeouts. */
  failures: number;
  /** The statuses that were not the expected one, with their counts ("200×12"). */
  unexpected: string;
};

/** The value at quantile p (0..1) of an ascending list. */
export const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length === 0 ? NaN : (sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? NaN);

/** What Chromium sends with every fetch. */
const browserAcceptEncoding = 'gzip, deflate, br, zstd';

export const measure = (options: {
  base: string;
  target: Target;
  connections: number;
  seconds: number;
  token: string;
}): Promise<Measurement> => {
  const { base, target, connections, seconds, token } = options;
  const expected = target.expectStatus ?? 200;
  const times: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${base}${target.path}`,
        method: target.method,
        connections,
        duration: seconds,
        // As a browser asks: the app compresses answers over 1 KB, as it does for every window.
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'accept-encoding': browserAcceptEncoding,
          ...target.headers,
        },
        requests: target.bodies
          ? [
              {
                setupRequest: (request) => ({
                  ...request,
                  body: target.bodies?.[next++ % (target.bodies?.length ?? 1)],
                }),
              },
            ]
          : undefined,
      },
      (error: unknown, result: autocannon.Result) => {
        if (error) return reject(error instanceof Error ? error : new Error(String(error)));
        times.sort((a, b) => a - b);
        const others = [...statuses].filter(([status]) => status !== expected);
        // No answer at all within the run is a failure too (a route slower than the run is long).
        const silent = times.length === 0 ? 1 : 0;
        const unexpectedCount = others.reduce((sum, [, count]) => sum + count, silent);
        resolve({
          // Counted from the answers themselves: exact for a route slower than autocannon's 1 s samples.
          rps: times.length / (result.duration || seconds),
          p50: percentile(times, 0.5),
          p95: percentile(times, 0.95),
          p99: percentile(times, 0.99),
          requests: times.length,
          failures: unexpectedCount + result.errors + result.timeouts,
          unexpected: [
            ...(silent ? [`no answer within ${seconds} s`] : []),
            ...others.map(([status, count]) => `${status}×${count}`),
            ...(result.timeouts > 0 ? [`${result.timeouts} timeouts`] : []),
            ...(result.errors > result.timeouts ? [`${result.errors - result.timeouts} errors`] : []),
          ].join(', '),
        });
      },
    );
    // The typings leave out the client argument autocannon passes first.
    const onResponse = (_client: unknown, status: number, _bytes: number, time: number) => {
      times.push(time);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    };
    (instance as unknown as NodeJS.EventEmitter).on('response', onResponse);
  });
};
