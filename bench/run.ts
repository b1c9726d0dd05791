// npm run bench: every figure of issue 15 beside its target, side by side in one run (`-- --help` says
// what each section measures and every option). Builds the web and the data set when needed, starts the
// bench server (the app and its bare twin), measures, then runs the sections that start their own servers.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBenchSession, type BenchSession } from './bench-session';
import { buildWebIfStale, runBundle } from './bundle';
import { ensureDataSet } from './data-set';
import { runExternalSection, type ExternalOptions } from './external-sections';
import { runHotReads } from './hot-reads';
import { runIntake } from './intake';
import { runWrites } from './writes';
import { helpText, readOptions, sectionNames, type BenchOptions, type SectionName } from './options';
import { runPolls } from './polls';
import { formatSection, type BenchSection } from './report';
import { createRouteRuns } from './route-runs';
import { runAccounts } from './accounts';
import { runRecall } from './recall';
import { runSearch } from './search';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (line: string) => console.log(line);

const readOrExplain = (): BenchOptions => {
  try {
    return readOptions(process.argv.slice(2), process.env);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)} (npm run bench -- --help)`);
    process.exit(2);
  }
};

const describeMachine = (options: BenchOptions): string =>
  `${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${os.cpus().length} cores, ` +
  `${(os.totalmem() / 2 ** 30).toFixed(0)} GB, Node ${process.version}, ${os.type()} ${os.release()}, ` +
  `load average ${os.loadavg()[0]?.toFixed(1)}; ${options.databaseUrl ? 'PostgreSQL' : 'PGlite'}, ` +
  `${options.collections.toLocaleString('en-AU')} collections, ${options.seconds} s per run`;

const options = readOrExplain();
if (options.isHelp) {
  console.log(helpText);
  process.exit(0);
}
const has = (name: SectionName) => options.sections.includes(name);
const results = new Map<SectionName, BenchSection[]>();
const show = (name: SectionName, sections: BenchSection[]) => {
  results.set(name, sections);
  sections.forEach((section) => console.log(formatSection(section)));
};
const startedOn = describeMachine(options);

// First, so the app the bench starts serves the pages the Chromium section measures.
if (has('bundle')) show('bundle', await runBundle({ root }));

const external: ExternalOptions = {
  root,
  databaseUrl: options.databaseUrl,
  dataDir: path.join(root, 'bench', 'results', `data-${options.collections}`),
  collections: options.collections,
  connections: options.connections,
  ...(options.isSecondsGiven ? { seconds: options.seconds } : {}),
  log,
};
const isServed =
  has('hot-reads') ||
  has('polls') ||
  has('search') ||
  has('recall') ||
  has('accounts') ||
  has('writes') ||
  has('intake') ||
  has('browser') ||
  has('portal');
if (isServed) {
  const dataSet = await ensureDataSet({
    root,
    collections: options.collections,
    databaseUrl: options.databaseUrl,
    log,
  });
  // The pages Chromium opens are the built ones, served as the server found them when it started.
  const webBuildNote = has('browser') || has('portal') ? buildWebIfStale(root) : null;
  if (webBuildNote) log(webBuildNote);
  let session: BenchSession | null = null;
  try {
    session = await startBenchSession(root, dataSet);
    log(
      `Bench server ready (${session.kind}, settled in ${(session.settleMs / 1000).toFixed(1)} s): ` +
        `app ${session.realBase}, bare ${session.bareBase}`,
    );
    const runs = createRouteRuns(session, options.seconds);
    if (has('hot-reads')) show('hot-reads', await runHotReads(runs, options.connections));
    if (has('polls')) show('polls', await runPolls(runs, options.connections));
    if (has('search')) show('search', await runSearch(runs, options.collections));
    if (has('recall')) show('recall', await runRecall(runs));
    if (has('accounts')) show('accounts', await runAccounts(runs));
    // After the reads: the writes go to their own collection, but they grow the audit and message tables.
    if (has('writes')) show('writes', await runWrites(runs, options.connections));
    // New collections each time: after the reads and the writes, whose fixtures they would not touch.
    if (has('intake')) show('intake', await runIntake(session.realBase, Math.min(options.seconds, 10)));
    const browserOptions = {
      ...external,
      baseUrl: session.realBase,
      username: 'designer',
      password: 'demo',
      collection20Uid: session.fixtures.collection20.uid,
      collection2000Uid: session.fixtures.collection2000.uid,
      portalKey: session.fixtures.demoPortal.portal_key,
    };
    const browserSection = { file: 'browser-metrics.ts', runner: 'runBrowserMetrics' };
    // The browser section's visits include the portal's; `--only portal` makes that one alone.
    if (has('browser'))
      show(
        'browser',
        await runExternalSection({ ...browserSection, title: '4b. First paint in Chromium' }, browserOptions),
      );
    else if (has('portal'))
      show(
        'portal',
        await runExternalSection(
          { ...browserSection, title: '4c. The portal on a phone over slow 4G' },
          { ...browserOptions, visits: ['portal'] },
        ),
      );
  } finally {
    await session?.stop();
  }
}
if (has('windows'))
  show(
    'windows',
    options.databaseUrl
      ? await runExternalSection(
          { file: 'windows.ts', runner: 'runWindows', title: '5-6. Open windows' },
          external,
        )
      : [
          {
            title: '5-6. Open windows',
            columns: ['figure'],
            rows: [],
            notes: ['PostgreSQL only: run with BENCH_DATABASE_URL=postgres://… (--only windows)'],
          },
        ],
  );

// The whole report once more, in the issue's order, as bench/README.md quotes it; kept in bench/results/.
const sections = sectionNames.flatMap((name) => results.get(name) ?? []);
const report = [
  `# npm run bench, ${new Date().toISOString()}`,
  startedOn,
  ...sections.map(formatSection),
].join('\n');
console.log(`\n\n========== Summary ==========\n${report}`);
fs.mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench', 'results', 'last-run.txt'), `${report}\n`);
const missed = sections.flatMap((s) => s.rows).filter((row) => row.isMet === false).length;
console.log(`\n${missed === 0 ? 'Every judged target met.' : `${missed} target(s) MISSED.`}`);
