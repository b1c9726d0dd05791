// One load generator (a child process of bench/windows.ts): it plays the open staff windows a balancer
// sent to one server process, as the web's staff page behaves (lib/stream-status.ts). Each window holds
// one live-update stream for the whole run (GET /api/v2/stream?collections={the collection it shows}, by
// the session cookie) and polls with a bearer token, revalidating with the last ETag as a browser does: on
// the spec's intervals until the stream says `ready`, then on `pollSchedule.withStream` (the file-lock and
// version polls relax only when `ready` carries the server's version), and back to the spec's if the
// stream drops. A `collection` or `file_lock` frame for the collection it shows refetches that, a
// `notification` frame the bell. Plain node:http with one keep-alive agent per window (2 sockets, a
// browser's few per origin) keeps the generator lean: it shares the machine's cores with the servers it
// measures.
import http from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import {
  isPolled,
  pollKinds,
  pollPath,
  type PollIntervals,
  type PollKind,
  type PollSchedule,
} from './windows-schedule';
import { streamPathFor } from '@lab/domain';
import { readSseFrames } from './sse-frames';

export type WindowPlan = { cookie: string; token: string; collectionUid: string };

export type LoadOrder = {
  port: number;
  windows: WindowPlan[];
  schedule: PollSchedule;
  /** Windows open spread over this time; latencies count from its end. */
  rampMs: number;
  measureMs: number;
};

export type LoadReport = {
  /** Client-side latency (ms) of each poll started in the measured time, by kind. */
  latencies: Record<string, number[]>;
  /** Failures over the whole step (ramp included) by reason: an HTTP status, a socket error, a stream drop. */
  errors: Record<string, number>;
  streamsReady: number;
  /** Streams whose `ready` carried the server's version (the web then relaxes the lock and version polls). */
  readyWithVersion: number;
  /** Time from asking for a stream to its `ready` frame (ms). */
  streamOpenMs: number[];
  framesReceived: number;
  /** CPU this generator used over the measured time, in % of one core. */
  cpuPercent: number;
  eventLoopDelayP99Ms: number;
};

const requestTimeoutMs = 10_000;
const streamReadyTimeoutMs = 15_000;

type Window = {
  plan: WindowPlan;
  agent: http.Agent;
  etags: Map<string, string>;
  inFlight: Set<string>;
  /** The interval each poll runs on now, and its timer. */
  intervals: PollIntervals;
  timers: Map<PollKind, NodeJS.Timeout>;
  stream: http.ClientRequest | null;
};

const labelOf = (kind: PollKind): string => kind.replace(/Ms$/, '');

export const runLoad = (order: LoadOrder): Promise<LoadReport> => {
  const latencies: Record<string, number[]> = {};
  const errors: Record<string, number> = {};
  const streamOpenMs: number[] = [];
  let streamsReady = 0;
  let readyWithVersion = 0;
  let framesReceived = 0;
  let isStopping = false;
  const started = performance.now();
  const measureFrom = started + order.rampMs;
  const measureTo = measureFrom + order.measureMs;
  const windows: Window[] = [];

  const fail = (reason: string): void => {
    if (isStopping) return;
    errors[reason] = (errors[reason] ?? 0) + 1;
  };
  const record = (kind: string, begun: number): void => {
    if (begun < measureFrom || begun > measureTo) return;
    (latencies[kind] ??= []).push(performance.now() - begun);
  };

  const poll = (window: Window, kind: string, path: string, isRetry = false): void => {
    // A query does not refetch while its last fetch is still out (TanStack Query dedupes it).
    if (isStopping || (window.inFlight.has(path) && !isRetry)) return;
    window.inFlight.add(path);
    const begun = performance.now();
    const headers: Record<string, string> = {
      authorization: `Bearer ${window.plan.token}`,
      accept: 'application/json',
    };
    const etag = window.etags.get(path);
    if (etag) headers['if-none-match'] = etag;
    const request = http.request({
      host: '127.0.0.1',
      port: order.port,
      path,
      agent: window.agent,
      headers,
      timeout: requestTimeoutMs,
    });
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      const tag = response.headers.etag;
      if (status === 200 && typeof tag === 'string') window.etags.set(path, tag);
      response.resume();
      response.on('end', () => {
        window.inFlight.delete(path);
        if (status === 200 || status === 304) record(kind, begun);
        else fail(`HTTP ${status} ${kind}`);
      });
      response.on('error', () => {
        window.inFlight.delete(path);
        fail(`response cut ${kind}`);
      });
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error: NodeJS.ErrnoException) => {
      // A browser retries an idempotent request once when a kept-alive socket turns out to be closed.
      if (!isRetry && request.reusedSocket && error.code === 'ECONNRESET') {
        poll(window, kind, path, true);
        return;
      }
      window.inFlight.delete(path);
      fail(`${error.code ?? error.message} ${kind}`);
    });
    request.end();
  };

  const onFrame = (window: Window, frame: string): void => {
    framesReceived += 1;
    const event = /^event: (.*)$/m.exec(frame)?.[1];
    const data = /^data: (.*)$/m.exec(frame)?.[1] ?? '';
    const isMine = data.includes(window.plan.collectionUid);
    if (event === 'collection' && isMine) {
      poll(window, 'collection (pushed)', pollPath('collectionMs', window.plan.collectionUid));
    } else if (event === 'file_lock' && isMine) {
      poll(window, 'fileLock (pushed)', pollPath('fileLockMs', window.plan.collectionUid));
    } else if (event === 'notification') {
      poll(window, 'notifications (pushed)', pollPath('notificationsMs', ''));
    } else if (event === 'expired') {
      fail('stream expired');
    }
  };

  const openStream = (window: Window): void => {
    const begun = performance.now();
    let isReady = false;
    const request = http.request({
      host: '127.0.0.1',
      port: order.port,
      path: streamPathFor([window.plan.collectionUid]),
      agent: false,
      headers: { cookie: window.plan.cookie, accept: 'text/event-stream' },
    });
    window.stream = request;
    const readyTimer = setTimeout(() => {
      if (!isReady) fail('stream not ready in 15 s');
    }, streamReadyTimeoutMs);
    request.on('response', (response) => {
      if (response.statusCode !== 200) {
        clearTimeout(readyTimer);
        fail(`stream HTTP ${response.statusCode}`);
        response.resume();
        return;
      }
      readSseFrames(response, (frame) => {
        if (!isReady && frame.startsWith('event: ready')) {
          isReady = true;
          clearTimeout(readyTimer);
          streamsReady += 1;
          streamOpenMs.push(performance.now() - begun);
          markReady(window, frame);
        } else if (frame.startsWith('event:')) {
          onFrame(window, frame);
        }
      });
      response.on('close', () => {
        fail('stream dropped');
        // The page falls back to the spec's polling at once.
        if (!isStopping) setIntervals(window, order.schedule.withoutStream);
      });
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(readyTimer);
      fail(`stream ${error.code ?? error.message}`);
    });
    request.end();
  };

  /**
   * Puts each poll on the interval it has now. A changed interval restarts the poll at a random phase:
   * the windows stand for pages opened through the day, not all at the moment of the bench's ramp.
   */
  const setIntervals = (window: Window, intervals: PollIntervals): void => {
    for (const kind of pollKinds) {
      const every = intervals[kind];
      if (window.timers.has(kind) && window.intervals[kind] === every) continue;
      clearTimeout(window.timers.get(kind));
      window.timers.delete(kind);
      if (!isPolled(every)) continue;
      const path = pollPath(kind, window.plan.collectionUid);
      const next = (delay: number) => {
        window.timers.set(
          kind,
          setTimeout(() => {
            poll(window, labelOf(kind), path);
            next(every);
          }, delay),
        );
      };
      next(Math.random() * every);
    }
    window.intervals = intervals;
  };

  /** `ready` with the server's version relaxes every poll; without it, the lock and version stay. */
  const markReady = (window: Window, data: string): void => {
    const hasVersion = /"version":"/.test(data);
    if (hasVersion) readyWithVersion += 1;
    const relaxed = { ...order.schedule.withStream };
    if (!hasVersion) {
      relaxed.fileLockMs = order.schedule.withoutStream.fileLockMs;
      relaxed.versionMs = order.schedule.withoutStream.versionMs;
    }
    setIntervals(window, relaxed);
  };

  const openWindow = (plan: WindowPlan): void => {
    if (isStopping) return;
    const window: Window = {
      plan,
      agent: new http.Agent({ keepAlive: true, maxSockets: 2 }),
      etags: new Map(),
      inFlight: new Set(),
      intervals: order.schedule.withoutStream,
      timers: new Map(),
      stream: null,
    };
    windows.push(window);
    openStream(window);
    setIntervals(window, order.schedule.withoutStream);
  };

  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  const openTimers = order.windows.map((plan, i) =>
    setTimeout(() => openWindow(plan), (i / order.windows.length) * order.rampMs),
  );

  return new Promise((resolve) => {
    let cpuAtStart = process.cpuUsage();
    setTimeout(() => {
      cpuAtStart = process.cpuUsage();
      loopDelay.enable();
    }, order.rampMs);
    setTimeout(() => {
      isStopping = true;
      loopDelay.disable();
      const cpu = process.cpuUsage(cpuAtStart);
      openTimers.forEach(clearTimeout);
      for (const window of windows) {
        window.timers.forEach(clearTimeout);
        window.stream?.destroy();
        window.agent.destroy();
      }
      resolve({
        latencies,
        errors,
        streamsReady,
        readyWithVersion,
        streamOpenMs,
        framesReceived,
        cpuPercent: ((cpu.user + cpu.system) / 1000 / order.measureMs) * 100,
        eventLoopDelayP99Ms: loopDelay.percentile(99) / 1e6,
      });
    }, order.rampMs + order.measureMs);
  });
};

// Run as a child process: one order in, one report out.
if (process.send) {
  // The bench stopped (Ctrl-C, a failure): so does its generator.
  process.once('disconnect', () => process.exit(0));
  process.once('message', (order: LoadOrder) => {
    void runLoad(order).then((report) => {
      process.send?.(report, () => process.exit(0));
    });
  });
}
