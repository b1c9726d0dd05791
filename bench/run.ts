// npm run bench: every figure of issue 15 beside its target, side by side in one run (`-- --help` says
// what each section measures and every option). Builds the data set once per size, starts the bench
// server (the app and its bare twin), measures, then runs the sections that start their own servers.
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBenchSession, type BenchSession } from './bench-session';
import { runBundle } from './bundle';
import { ensureDataSet } from './data-set';
import { runExternalSection } from './external-sections';
import { runHotReads } from './hot-reads';
import { helpText, readOptions, type BenchOptions } from './options';
import { runPolls } from './polls';
import { formatSection, type BenchSection } from './report';
import { createRouteRuns } from './route-runs';
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

const machine = (options: BenchOptions): string =>
  `${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${os.cpus().length} cores, ` +
  `${(os.totalmem() / 2 ** 30).toFixed(0)} GB, Node ${process.version}, ${os.type()} ${os.release()}; ` +
  `${options.databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${options.collections.toLocaleString('en-AU')} collections, ` +
  `${options.seconds} s per run`;

const options = readOrExplain();
if (options.isHelp) {
  console.log(helpText);
  process.exit(0);
}
const has = (name: BenchOptions['sections'][number]) => options.sections.includes(name);
const sections: BenchSection[] = [];
const show = (added: BenchSection[]) => {
  sections.push(...added);
  added.forEach((section) => console.log(formatSection(section)));
};

const needsDataSet = has('hot-reads') || has('polls') || has('search') || has('browser');
const dataSet = needsDataSet
  ? await ensureDataSet({ root, collections: options.collections, databaseUrl: options.databaseUrl, log })
  : null;

if (dataSet && (has('hot-reads') || has('polls') || has('search'))) {
  let session: BenchSession | null = null;
  try {
    session = await startBenchSession(root, dataSet);
    log(`Bench server ready (${session.kind}): app ${session.realBase}, bare ${session.bareBase}`);
    const runs = createRouteRuns(session, options.seconds);
    if (has('hot-reads')) show(await runHotReads(runs, options.connections));
    if (has('polls')) show(await runPolls(runs, options.connections));
    if (has('search')) show(await runSearch(runs, options.collections));
  } finally {
    await session?.stop();
  }
}
if (has('bundle')) show(await runBundle({ root }));
const external = {
  root,
  databaseUrl: options.databaseUrl,
  dataDir: dataSet?.dataDir ?? path.join(root, 'bench', 'results', `data-${options.collections}`),
  collections: options.collections,
  seconds: options.seconds,
  connections: options.connections,
};
if (has('browser'))
  show(await runExternalSection('browser-metrics.ts', '4b. First paint in Chromium', external));
if (has('windows')) show(await runExternalSection('windows.ts', '5-6. Open windows', external));

// The whole report once more, together, as bench/README.md quotes it; kept in bench/results/.
const report = [
  `# npm run bench: ${new Date().toISOString()}`,
  machine(options),
  ...sections.map(formatSection),
].join('\n');
console.log(`\n\n========== Summary ==========\n${report}`);
fs.mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench', 'results', 'last-run.txt'), `${report}\n`);
const missed = sections.flatMap((s) => s.rows).filter((row) => row.isMet === false).length;
console.log(`\n${missed === 0 ? 'Every measured target met.' : `${missed} target(s) MISSED.`}`);
