// One step of the open-windows search: N windows, split round-robin over the running server processes
// as a balancer would, each share played by its own load-generator process (bench/windows-load.ts), and
// the bounded search for the largest N that keeps p99 ≤ 50 ms with zero errors.
import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoadOrder, LoadReport, WindowPlan } from './windows-load';
import type { PollSchedule } from './windows-schedule';
import { cpuTimeMs, mintToken, type RunningServer } from './windows-servers';

const here = path.dirname(fileURLToPath(import.meta.url));

export const p99TargetMs = 50;
/**
 * Windows open spread over at least 10 s, at most 150 a second per process, and the polls are measured
 * after that: a lab's windows open through the day, and each stream's `ready` relaxes its polls, so
 * thousands opening in a moment would measure a reconnect storm, not the open windows.
 */
export const windowsPerSecondPerProcess = 150;
export const rampMsFor = (windows: number, processes: number): number =>
  Math.max(10_000, Math.ceil(windows / processes / windowsPerSecondPerProcess) * 1000);

export type StepResult = {
  windows: number;
  processes: number;
  polls: number;
  p50: number;
  p99: number;
  errors: number;
  errorReasons: string[];
  streamsReady: number;
  readyWithVersion: number;
  streamOpenP99: number;
  /** Each server's CPU over the measured time, % of one core. */
  serverCpu: number[];
  generatorCpu: number[];
  generatorDelayP99: number;
  /** The machine's 1-minute load average at the step's end: above the core count, figures are noisy. */
  machineLoad: number;
  isPassed: boolean;
};

export const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);

const playShare = (order: LoadOrder): Promise<LoadReport> =>
  new Promise((resolve, reject) => {
    const child = fork(path.join(here, 'windows-load.ts'), [], {
      execArgv: ['--import', 'tsx'],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (report) => resolve(report as LoadReport));
    child.once('exit', (code) =>
      reject(new Error(`the load generator exited with ${code} before reporting`)),
    );
    child.once('spawn', () => child.send(order));
  });

export type StepSetup = {
  servers: RunningServer[];
  cookies: string[];
  collectionUids: string[];
  schedule: PollSchedule;
  measureMs: number;
};

/** Runs `work` alongside the step's measured time (the delay probe runs under the step's load). */
export const runStep = async (
  setup: StepSetup,
  windows: number,
  during?: () => Promise<void>,
): Promise<StepResult> => {
  const { servers, cookies, collectionUids } = setup;
  const first = servers[0];
  if (!first) throw new Error('no server to measure');
  // Tokens live 15 minutes: each step takes fresh ones (sessions are shared by every process).
  const tokens = await Promise.all(cookies.map((cookie) => mintToken(first.base, cookie)));
  const shares: WindowPlan[][] = servers.map(() => []);
  for (let i = 0; i < windows; i += 1) {
    const session = i % cookies.length;
    shares[i % servers.length]?.push({
      cookie: cookies[session] ?? '',
      token: tokens[session] ?? '',
      collectionUid: collectionUids[i % collectionUids.length] ?? '',
    });
  }
  const rampMs = rampMsFor(windows, servers.length);
  const cpuAt = () => servers.map((server) => cpuTimeMs(server.pid) ?? 0);
  let cpuBefore: number[] = [];
  let cpuAfter: number[] = [];
  const sampled = new Promise<void>((resolve) => {
    setTimeout(() => {
      cpuBefore = cpuAt();
      setTimeout(() => {
        cpuAfter = cpuAt();
        resolve();
      }, setup.measureMs - 200);
    }, rampMs + 100);
  });
  const alongside = during
    ? new Promise<void>((resolve, reject) => {
        setTimeout(() => void during().then(resolve, reject), rampMs);
      })
    : Promise.resolve();
  const [reports] = await Promise.all([
    Promise.all(
      servers.map((server, s) =>
        playShare({
          port: server.port,
          windows: shares[s] ?? [],
          schedule: setup.schedule,
          rampMs,
          measureMs: setup.measureMs,
        }),
      ),
    ),
    sampled,
    alongside,
  ]);
  const all = reports.flatMap((report) => Object.values(report.latencies).flat()).sort((a, b) => a - b);
  const errorCounts: Record<string, number> = {};
  for (const report of reports) {
    for (const [reason, count] of Object.entries(report.errors))
      errorCounts[reason] = (errorCounts[reason] ?? 0) + count;
  }
  const errors = Object.values(errorCounts).reduce((sum, count) => sum + count, 0);
  const streamsReady = reports.reduce((sum, report) => sum + report.streamsReady, 0);
  const opens = reports.flatMap((report) => report.streamOpenMs).sort((a, b) => a - b);
  const p99 = percentile(all, 99);
  const measuredMs = setup.measureMs - 200;
  return {
    windows,
    processes: servers.length,
    polls: all.length,
    p50: percentile(all, 50),
    p99,
    errors,
    errorReasons: Object.entries(errorCounts).map(([reason, count]) => `${reason} ×${count}`),
    streamsReady,
    readyWithVersion: reports.reduce((sum, report) => sum + report.readyWithVersion, 0),
    streamOpenP99: percentile(opens, 99),
    serverCpu: cpuBefore.map((before, s) => (((cpuAfter[s] ?? before) - before) / measuredMs) * 100),
    generatorCpu: reports.map((report) => report.cpuPercent),
    generatorDelayP99: Math.max(...reports.map((report) => report.eventLoopDelayP99Ms)),
    machineLoad: os.loadavg()[0] ?? 0,
    isPassed: errors === 0 && streamsReady === windows && all.length > 0 && p99 <= p99TargetMs,
  };
};

export type SearchOutcome = {
  /** The largest N that passed (0 when even the first failed). */
  largest: number;
  /** True when every N up to the cap passed: the true limit is higher. */
  isCapped: boolean;
  steps: StepResult[];
};

const roundTo50 = (n: number): number => Math.max(50, Math.round(n / 50) * 50);

/**
 * Up the ladder until a step fails, then two halvings between the last pass and the first failure;
 * bounded: at most twice the ladder's length plus four steps.
 */
export const searchLargest = async (
  ladder: readonly number[],
  cap: number,
  step: (windows: number) => Promise<StepResult>,
): Promise<SearchOutcome> => {
  const rungs = [...new Set(ladder.map(roundTo50).filter((n) => n <= cap))];
  const steps: StepResult[] = [];
  // A step that misses only on p99 (no error, every stream ready) is run once more: a busy moment of a
  // shared machine should not end the search; a failure, or a second miss, does.
  const tryStep = async (n: number): Promise<boolean> => {
    const result = await step(n);
    steps.push(result);
    if (result.isPassed || result.errors > 0 || result.streamsReady < n) return result.isPassed;
    const again = await step(n);
    steps.push(again);
    return again.isPassed;
  };
  let largest = 0;
  let failedAt: number | null = null;
  for (const n of rungs) {
    if (!(await tryStep(n))) {
      failedAt = n;
      break;
    }
    largest = n;
  }
  if (failedAt === null) return { largest, isCapped: true, steps };
  let low = largest;
  let high = failedAt;
  for (let halving = 0; halving < 2; halving += 1) {
    const middle = roundTo50((low + high) / 2);
    if (middle <= low || middle >= high) break;
    if (await tryStep(middle)) low = middle;
    else high = middle;
  }
  return { largest: low, isCapped: false, steps };
};
