// What `npm run bench` can be asked: flags first, then the BENCH_* environment, then the defaults.
import { parseArgs } from 'node:util';

export const sectionNames = [
  'hot-reads',
  'polls',
  'search',
  'recall',
  'accounts',
  'writes',
  'intake',
  'bundle',
  'browser',
  'portal',
  'windows',
] as const;
export type SectionName = (typeof sectionNames)[number];

export type BenchOptions = {
  sections: SectionName[];
  collections: number;
  seconds: number;
  /** Whether --seconds / BENCH_SECONDS was given (the windows section keeps its own default otherwise). */
  isSecondsGiven: boolean;
  connections: number;
  /** PostgreSQL instead of the embedded PGlite database. */
  databaseUrl?: string;
  isHelp: boolean;
};

export const helpText = `Usage: npm run bench [-- options]

Measures, side by side in one run, every figure of issue 15 with its target beside it (met / MISSED):

  hot-reads  (target 1) the reads a lab's open windows make all day, each app route against a bare
             Fastify route running the same SQL through the same driver (the app's own loaders):
             version, search, statuses, a collection of 20 cases and 300 messages, its messages,
             notifications, the file-lock poll (event ?queue=true), the portal's collection and a
             case's checklist.  Target: app/bare >= 0.5 on every row; on PostgreSQL the rows run a
             second time at 50 connections with p99 <= 25 ms (search: app/bare only, its latency is
             target 3: 50 searches in flight cannot finish in 25 ms on 2 cores, see bench/README.md).
  polls      (target 2) unchanged polls answered 304 (same If-None-Match) for notifications, the
             file lock, the collection and statuses, each against GET /api/version/ measured in
             turn with it, a second each.  Target: >= 0.8 of version's req/s.  And statuses from
             the warm in-process cache against its bare-SQL row: above it.
  search     (target 3) POST /api/v2/collections/ over the bench's keywords at 10 connections, exact
             p95/p99 from every request.  Targets: PostgreSQL p95 <= 30 ms and p99 <= 60 ms at
             1,000,000 collections; PGlite p95 <= 150 ms at 100,000.
  recall     (issue 31) GET /api/v2/recall/ over 40 real lots of the data set (parts' lots from picked
             slips, materials' batches) at 10 connections, exact p95 from every request.  Target:
             PostgreSQL p95 <= 200 ms at 1,000,000 cases (about 390,000 collections).
  accounts   (issue 32) the Accounts page's reads at 4 connections: the invoice list (every invoice, the
             ready ones, the busiest client's) with its totals, and the clients' balances.  Target:
             PostgreSQL p95 <= 500 ms at 1,000,000 cases.
  writes     (target 7) a case note (POST /api/v2/messages/), a case action (edit_group_number) and a
             client's portal message, each against a bare Fastify route writing the same rows, audit
             row and realtime event in one transaction (the case action's twin also reads its answer
             with the app's loader).  Target: app/bare >= 0.5 and p99 <= 50 ms at 10 connections; on
             PostgreSQL a second pass at 50 connections, app/bare >= 0.5.  Writes to its own fixtures.
  intake     (issue 29) orders through the signed POST /api/v2/orders/ (4 connections, each a new
             collection), and the pre-flight reading of a 50 MB STL on its worker thread.  Target:
             >= 20 orders/s; a 50 MB scan read in <= 2 s.
  bundle     (target 4) gzip size of the JavaScript (and CSS) each built page loads before its first
             paint: entry script + modulepreloads.  Target: collection.html <= 200 KB; portal.html
             <= 150 KB (issue 30).  Builds the web first when packages/web/dist is missing or stale.
  browser    (target 4) LCP and typing-to-results in Chromium, CPU throttled 4x, against the bench's
             app server: the search page, the collection of 20 cases, the Notes & Messages view of
             the collection of 2,000 messages (bench/browser-metrics.ts); and the portal row below.
  portal     (issue 30) the portal page of the demo lab's first collection opened as a phone (390x844) on
             slow 4G (150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up), CPU throttled 4x: its LCP.
             Target: <= 2.5 s.  The browser section's Chromium visits, the portal's only.
  windows    (targets 5-6) the largest number of open windows (the spec's poll mix + one live
             stream each) one server process carries with p99 <= 50 ms and no errors (target
             >= 2,000), the same on two processes, and a change's delay from process A to a
             stream on process B (< 1 s) (bench/windows.ts; PostgreSQL only, starts its own
             servers).

Options (flag, or environment variable):
  --only <section,...>     BENCH_ONLY         run only these sections (default: all of them)
  --collections <n>        BENCH_COLLECTIONS  generated collections in the data set (default 100000)
  --seconds <n>            BENCH_SECONDS      seconds per measured run (default 10; the windows
                                              section keeps its own step length unless given)
  --connections <n>        BENCH_CONNECTIONS  connections of the hot reads and polls (default 10)
                           BENCH_DATABASE_URL postgres://... measure PostgreSQL (default: PGlite)
                           BENCH_SERVER_PROFILE <dir>: the app server writes a V8 CPU profile there
  -h, --help               this text

Data sets: PGlite in bench/results/data-<collections> (built once, then reused); on PostgreSQL the
named database is seeded up to <collections> generated collections on the first run and reused after.
The collections of 20 cases / 300 messages and of 2,000 messages are added once (bench/fixtures.ts).
Ports 18080 (app) and 18081 (bare).`;

const positiveInteger = (name: string, raw: string | undefined, fallback: number): number => {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a positive whole number, got '${raw}'`);
  return value;
};

const parseSections = (raw: string | undefined): SectionName[] => {
  if (raw === undefined || raw.trim() === '') return [...sectionNames];
  const asked = raw.split(',').map((name) => name.trim());
  const unknown = asked.filter((name) => !(sectionNames as readonly string[]).includes(name));
  if (unknown.length > 0)
    throw new Error(`unknown section '${unknown.join(', ')}'; the sections are ${sectionNames.join(', ')}`);
  return sectionNames.filter((name) => asked.includes(name));
};

/** Reads the command line and the environment; throws with a message saying what is wrong. */
export const readOptions = (argv: string[], env: NodeJS.ProcessEnv): BenchOptions => {
  const { values } = parseArgs({
    args: argv,
    options: {
      only: { type: 'string' },
      collections: { type: 'string' },
      seconds: { type: 'string' },
      connections: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  return {
    sections: parseSections(values.only ?? env.BENCH_ONLY),
    collections: positiveInteger('--collections', values.collections ?? env.BENCH_COLLECTIONS, 100_000),
    seconds: positiveInteger('--seconds', values.seconds ?? env.BENCH_SECONDS, 10),
    isSecondsGiven: Boolean(values.seconds ?? env.BENCH_SECONDS),
    connections: positiveInteger('--connections', values.connections ?? env.BENCH_CONNECTIONS, 10),
    databaseUrl: env.BENCH_DATABASE_URL || undefined,
    isHelp: values.help ?? false,
  };
};
