// One measured run: autocannon against one route for a fixed time, with every response's time kept so
// p95 and p99 are exact, and every answer checked against the status the route should give.
import autocannon from 'autocannon';

export type Target = {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** Request bodies taken in turn (the search keywords). */
  bodies?: string[];
  /** Paths taken in turn with the bodies (writes spread over many cases, as a lab's are). */
  paths?: string[];
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

type MeasureOptions = {
  base: string;
  target: Target;
  connections: number;
  seconds: number;
  token: string;
};

/** What one autocannon run saw: every answer's time and status, and its errors. */
type RawRun = {
  times: number[];
  statuses: Map<number, number>;
  durationSeconds: number;
  errors: number;
  timeouts: number;
};

const runAutocannon = (options: MeasureOptions): Promise<RawRun> => {
  const { base, target, connections, seconds, token } = options;
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
        requests:
          target.bodies || target.paths
            ? [
                {
                  setupRequest: (request) => {
                    const turn = next++;
                    return {
                      ...request,
                      ...(target.paths ? { path: target.paths[turn % target.paths.length] } : {}),
                      ...(target.bodies ? { body: target.bodies[turn % target.bodies.length] } : {}),
                    };
                  },
                },
              ]
            : undefined,
      },
      (error: unknown, result: autocannon.Result) => {
        if (error) return reject(error instanceof Error ? error : new Error(String(error)));
        resolve({
          times,
          statuses,
          durationSeconds: result.duration || seconds,
          errors: result.errors,
          timeouts: result.timeouts,
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

/** One measurement of a route from one or more runs of it, as if they were one run. */
const summarise = (runs: readonly RawRun[], target: Target): Measurement => {
  const expected = target.expectStatus ?? 200;
  const times = runs.flatMap((run) => run.times).sort((a, b) => a - b);
  const statuses = new Map<number, number>();
  for (const run of runs)
    for (const [status, count] of run.statuses) statuses.set(status, (statuses.get(status) ?? 0) + count);
  const durationSeconds = runs.reduce((sum, run) => sum + run.durationSeconds, 0);
  const errors = runs.reduce((sum, run) => sum + run.errors, 0);
  const timeouts = runs.reduce((sum, run) => sum + run.timeouts, 0);
  const others = [...statuses].filter(([status]) => status !== expected);
  // No answer at all within the run is a failure too (a route slower than the run is long).
  const silent = times.length === 0 ? 1 : 0;
  const unexpectedCount = others.reduce((sum, [, count]) => sum + count, silent);
  return {
    // Counted from the answers themselves: exact for a route slower than autocannon's 1 s samples.
    rps: times.length / durationSeconds,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
    requests: times.length,
    failures: unexpectedCount + errors + timeouts,
    unexpected: [
      ...(silent ? [`no answer within ${durationSeconds} s`] : []),
      ...others.map(([status, count]) => `${status}×${count}`),
      ...(timeouts > 0 ? [`${timeouts} timeouts`] : []),
      ...(errors > timeouts ? [`${errors - timeouts} errors`] : []),
    ].join(', '),
  };
};

export const measure = async (options: MeasureOptions): Promise<Measurement> =>
  summarise([await runAutocannon(options)], options.target);

/**
 * Two routes measured in turn, one second each, for `seconds` seconds each: a ratio of their req/s then
 * compares the same moments of the machine (a shared 2-core machine's speed drifts by a quarter within a
 * minute, more than the differences a ratio target judges).
 */
export const measureAlternately = async (
  options: Omit<MeasureOptions, 'target'> & { targets: readonly [Target, Target] },
): Promise<[Measurement, Measurement]> => {
  const [first, second] = options.targets;
  const firstRuns: RawRun[] = [];
  const secondRuns: RawRun[] = [];
  for (let round = 0; round < Math.max(1, Math.round(options.seconds)); round += 1) {
    firstRuns.push(await runAutocannon({ ...options, target: first, seconds: 1 }));
    secondRuns.push(await runAutocannon({ ...options, target: second, seconds: 1 }));
  }
  return [summarise(firstRuns, first), summarise(secondRuns, second)];
};
