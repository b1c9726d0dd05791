// Issue 15 targets 5 and 6: how many open staff windows one server process on PostgreSQL carries, and
// two processes on one PostgreSQL. A window is the web's staff page with its live-update stream open:
// one GET /api/v2/stream held for the whole run plus the poll mix of @lab/domain's `pollSchedule`
// (withStream). The largest N keeping the polls' client-side p99 ≤ 50 ms with zero errors (no failed
// poll, reset, or dropped stream) is found by a bounded search: 500, 1000, 2000, … then two halvings,
// each step `seconds` long after a 10 s ramp. Then the same on two processes, windows split between
// them as a balancer would, and the time a note posted through process A takes to reach a stream on B.
//
//   node --import tsx bench/windows.ts --database-url postgres://postgres@127.0.0.1:5432/bench_load [--max 6000]
//
// The database is seeded when it lacks the demo lab or 10,000 collections. Every window holds up to 3
// sockets on both ends, so raise the descriptor limit before a large run (`ulimit -n 20000`: Node cannot
// raise its own); the search stops below what the limit allows. Ports 18360 (A) and 18361 (B).
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formatSection, ms, type BenchRow, type BenchSection } from './report';
import { probeCrossProcessDelay, type DelayProbe } from './windows-probe';
import {
  describeIntervals,
  loadPollSchedule,
  requestsPerSecond,
  type PollSchedule,
} from './windows-schedule';
import { demoUsers, prepareDatabase, signIn, startServer, type RunningServer } from './windows-servers';
import {
  p99TargetMs,
  percentile,
  runStep,
  windowsPerSecondPerProcess,
  searchLargest,
  type SearchOutcome,
  type StepResult,
  type StepSetup,
} from './windows-steps';

const ports = [18360, 18361] as const;
const generatedCollections = 10_000;
// Sessions per demo user: a lab's windows belong to many sign-ins, not five.
const sessionsPerUser = 10;
const ladder = [500, 1000, 2000, 3000, 4000, 6000, 8000];
const probeNotes = 10;

/** The soft descriptor limit this process (and the servers it starts) run under. */
const readDescriptorLimit = (): number => {
  const answer = spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' });
  const limit = Number(answer.stdout.trim());
  return Number.isFinite(limit) && limit > 0 ? limit : 1024;
};

const describeCommit = (root: string): string => {
  try {
    return execFileSync('git', ['log', '-1', '--format=%h %cs'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return `${root} (not a git checkout)`;
  }
};

const stepRow = (step: StepResult): BenchRow => ({
  cells: [
    step.windows.toLocaleString('en-AU'),
    String(step.processes),
    step.polls.toLocaleString('en-AU'),
    ms(step.p50),
    ms(step.p99),
    step.errors === 0 ? '0' : `${step.errors}: ${step.errorReasons.slice(0, 3).join(', ')}`,
    `${step.streamsReady}/${step.windows} (open p99 ${ms(step.streamOpenP99)})`,
    step.serverCpu.map((cpu) => `${cpu.toFixed(0)}%`).join(' + '),
    `${step.generatorCpu.map((cpu) => `${cpu.toFixed(0)}%`).join(' + ')} (lag p99 ${ms(step.generatorDelayP99)})`,
    step.machineLoad.toFixed(1),
  ],
  target: `p99 ≤ ${p99TargetMs} ms, 0 errors`,
  isMet: step.isPassed,
});

const stepColumns = [
  'windows',
  'processes',
  'polls measured',
  'p50',
  'p99',
  'errors',
  'streams ready',
  'server CPU',
  'generator CPU',
  'load avg',
];

const largestText = (outcome: SearchOutcome, cap: number): string =>
  outcome.isCapped
    ? `≥ ${outcome.largest.toLocaleString('en-AU')} (search cap ${cap})`
    : outcome.largest.toLocaleString('en-AU');

const probeText = (probe: DelayProbe | null): string => {
  if (!probe) return 'not measured';
  const sorted = [...probe.sendToFrameMs].sort((a, b) => a - b);
  const posts = [...probe.postMs].sort((a, b) => a - b);
  return (
    `median ${ms(percentile(sorted, 50))}, max ${ms(sorted.at(-1) ?? 0)} ` +
    `(A answered the POST in median ${ms(percentile(posts, 50))}; ${sorted.length} notes${probe.missed ? `, ${probe.missed} never arrived` : ''})`
  );
};

/** The poll rate of a window with the stream on this server: without a version in `ready` the web keeps the lock and version polls. */
const effectiveWithStream = (schedule: PollSchedule, announcesVersion: boolean): number =>
  requestsPerSecond(
    announcesVersion
      ? schedule.withStream
      : {
          ...schedule.withStream,
          fileLockMs: schedule.withoutStream.fileLockMs,
          versionMs: schedule.withoutStream.versionMs,
        },
  );

const summaryRows = (
  schedule: PollSchedule,
  announcesVersion: boolean,
  one: SearchOutcome,
  two: SearchOutcome | null,
  caps: { one: number; two: number },
  probe: DelayProbe | null,
): BenchRow[] => {
  const without = requestsPerSecond(schedule.withoutStream);
  const withStream = effectiveWithStream(schedule, announcesVersion);
  const fall = withStream > 0 ? without / withStream : Infinity;
  const growth = two && one.largest > 0 ? two.largest / one.largest : 0;
  const alone = requestsPerSecond(schedule.withStream);
  const caveat = announcesVersion
    ? ''
    : `; ready has no version, so lock + version polls stay; the schedule alone ${alone.toFixed(3)}, ${(without / alone).toFixed(0)}×`;
  return [
    {
      cells: ['poll requests per window per second without the stream', without.toFixed(3)],
      target: '',
      isMet: null,
    },
    {
      cells: [
        'poll requests per window per second with the stream (idle)',
        `${withStream.toFixed(3)} (${fall.toFixed(1)}× lower${caveat})`,
      ],
      target: '≥ 10× lower',
      isMet: fall >= 10,
    },
    {
      cells: ['largest N, one process', largestText(one, caps.one)],
      target: 'N ≥ 2,000',
      isMet: one.largest >= 2000,
    },
    {
      cells: [
        'largest N, two processes',
        two ? `${largestText(two, caps.two)} (${growth.toFixed(1)}× one)` : 'not measured',
      ],
      target: 'about 2× one process (≥ 1.8×)',
      isMet: two ? growth >= 1.8 || (two.isCapped && one.isCapped) : null,
    },
    {
      cells: ['a note through A reaches a stream on B', probeText(probe)],
      target: '< 1 s',
      isMet: probe ? probe.missed === 0 && Math.max(...probe.sendToFrameMs) < 1000 : null,
    },
  ];
};

export async function runWindows(options: {
  root: string;
  databaseUrl: string;
  seconds?: number;
  /** The largest N tried on one process (two processes try up to twice it). */
  max?: number;
  log?: (line: string) => void;
}): Promise<BenchSection[]> {
  const log = options.log ?? ((line: string) => console.log(line));
  const measureMs = (options.seconds ?? 20) * 1000;
  const max = options.max ?? 6000;
  const { schedule, source } = await loadPollSchedule();
  const data = await prepareDatabase({
    root: options.root,
    databaseUrl: options.databaseUrl,
    collections: generatedCollections,
    sample: 5000,
    log,
  });
  const descriptorLimit = readDescriptorLimit();
  // Up to 3 sockets per window (2 for polls, 1 stream) on each side, plus the pools and some margin.
  const perProcess = Math.floor((descriptorLimit - 1000) / 3);
  const caps = { one: Math.min(max, perProcess), two: Math.min(2 * max, 2 * perProcess) };
  const commit = describeCommit(options.root);
  const servers: RunningServer[] = [];
  // Stopped by Ctrl-C: the server processes go too.
  const onSignal = () => {
    void Promise.all(servers.map((server) => server.stop())).finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    log(`Open windows: starting process A on ${ports[0]} (PostgreSQL)…`);
    servers.push(await startServer({ root: options.root, databaseUrl: options.databaseUrl, port: ports[0] }));
    const cookies: string[] = [];
    for (const user of demoUsers) {
      for (let i = 0; i < sessionsPerUser; i += 1) cookies.push(await signIn(servers[0]?.base ?? '', user));
    }
    const setupFor = (running: RunningServer[]): StepSetup => ({
      servers: running,
      cookies,
      collectionUids: data.collectionUids,
      schedule,
      measureMs,
    });
    const logged = async (setup: StepSetup, windows: number, during?: () => Promise<void>) => {
      const step = await runStep(setup, windows, during);
      log(
        `  ${stepRow(step)
          .cells.map((cell, c) => `${stepColumns[c]} ${cell}`)
          .join(', ')}: ${step.isPassed ? 'pass' : 'FAIL'}`,
      );
      // Let the servers finish closing the last step's sockets.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      return step;
    };

    log(`Open windows on one process (steps of a ramp + ${measureMs / 1000} s):`);
    const one = await searchLargest(ladder, caps.one, (n) => logged(setupFor(servers.slice(0, 1)), n));

    log(`Open windows: starting process B on ${ports[1]}…`);
    servers.push(await startServer({ root: options.root, databaseUrl: options.databaseUrl, port: ports[1] }));
    const both = setupFor(servers.slice(0, 2));
    const start = one.largest > 0 ? one.largest : 250;
    const twoLadder = [start, start * 1.5, start * 2, start * 2.5, start * 3];
    log('Open windows on two processes:');
    const two = await searchLargest(twoLadder, caps.two, (n) => logged(both, n));

    // The delay is taken under the two processes' largest passing load (or the smallest tried).
    const [a, b] = servers;
    let probe: DelayProbe | null = null;
    const probeWindows = Math.max(two.largest, 250);
    log(`Open windows: a note through A timed to a stream on B, under ${probeWindows} windows…`);
    const probeStep = await logged(both, probeWindows, async () => {
      const cookie = cookies[0] ?? '';
      const token = await fetch(`${a?.base}/oauth2/token/`, { headers: { cookie } }).then(
        async (answer) => ((await answer.json()) as { access_token: string }).access_token,
      );
      probe = await probeCrossProcessDelay({
        postBase: a?.base ?? '',
        streamBase: b?.base ?? '',
        cookie,
        token,
        collectionUid: data.probe.collectionUid,
        caseUid: data.probe.caseUid,
        count: probeNotes,
        gapMs: Math.max(200, Math.floor((measureMs - 2000) / probeNotes) - 300),
      });
    });

    // CPU time is less disturbed by a busy machine than latency is: the server's cost per window.
    const widest = [...one.steps].sort((x, y) => y.windows - x.windows)[0];
    const cpuPerThousand = widest ? ((widest.serverCpu[0] ?? 0) / widest.windows) * 1000 : 0;
    const notes = [
      `Poll mix: ${source}; with the stream ${describeIntervals(schedule.withStream)}, without ` +
        `${describeIntervals(schedule.withoutStream)} (event lock / version / notifications / collection), ` +
        'each window revalidating with its last ETag; a collection frame for its collection refetches it.',
      `Each step opens the windows spread over ≥ 10 s (≤ ${windowsPerSecondPerProcess} a second per process), ` +
        `then measures ${measureMs / 1000} s; ` +
        `p99 is over the polls' client-side latency (streams excluded), errors over the whole step.`,
      `${cookies.length} sessions (${sessionsPerUser} per demo user), ${data.collectionUids.length} sampled ` +
        `collections of a database with ≥ ${generatedCollections.toLocaleString('en-AU')} generated ones.`,
      'The load generator runs on the same cores as the servers and PostgreSQL (one node:http process per ' +
        'server process, keep-alive agent of 2 sockets per window): its CPU and event-loop lag are in the steps table.',
      `One process spent ${cpuPerThousand.toFixed(1)}% of a core per 1,000 windows (step of ` +
        `${widest?.windows ?? 0}), i.e. a full core at about ${cpuPerThousand > 0 ? Math.round(100_000 / cpuPerThousand).toLocaleString('en-AU') : '—'} windows.`,
      `Descriptor limit ${descriptorLimit} (ulimit -n): at most ${perProcess} windows per process; ` +
        `search cap ${caps.one} on one process, ${caps.two} on two.`,
      `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC at ${commit}, ` +
        `on ${servers.length} server processes of packages/server/src/main.ts.`,
    ];
    return [
      {
        title: '5-6. Open windows: live-update streams and polls',
        columns: ['figure', 'value'],
        rows: summaryRows(schedule, probeStep.readyWithVersion > 0, one, two, caps, probe),
        notes,
      },
      {
        title: '5-6. Open windows: search steps',
        columns: stepColumns,
        rows: [...one.steps, ...two.steps, probeStep].map(stepRow),
        notes: ['The last row is the delay probe run (the note posts add a little load of their own).'],
      },
    ];
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    for (const server of servers.reverse()) await server.stop();
  }
}

const usage = `Usage: node --import tsx bench/windows.ts --database-url postgres://… [--max N] [--seconds S]

  Simulates N open staff windows (a live-update stream each plus the web's poll mix) against one
  server process on PostgreSQL, then two, and prints the largest N that keeps p99 ≤ ${p99TargetMs} ms with
  zero errors, and how fast a change through one process reaches a stream on the other.
  --database-url  PostgreSQL database to use (default BENCH_DATABASE_URL); seeded when short of data
  --max           the largest N tried on one process (default 6000; two processes try up to 2×)
  --seconds       measured seconds per step (default 20, after a ramp of ≥ 10 s)
  --root          the checkout whose server is started (default this one; e.g. an export of a commit)`;

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const { values } = parseArgs({
    options: {
      'database-url': { type: 'string' },
      max: { type: 'string' },
      seconds: { type: 'string' },
      root: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const databaseUrl = values['database-url'] ?? process.env.BENCH_DATABASE_URL;
  if (values.help || !databaseUrl) {
    console.log(usage);
    process.exit(values.help ? 0 : 1);
  }
  const root = path.resolve(values.root ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const sections = await runWindows({
    root,
    databaseUrl,
    max: values.max ? Number(values.max) : undefined,
    seconds: values.seconds ? Number(values.seconds) : undefined,
  });
  sections.forEach((section) => console.log(formatSection(section)));
}
