// Issue 31: a recall answered in seconds — GET /api/v2/recall/ over real lots of the data set (parts'
// lots from picked slips, materials' batches; recall-lots.ts) at 10 connections, p95 from every request.
// The target is PostgreSQL's at a million cases; PGlite is measured for comparison, not judged.
import type { BenchSession } from './bench-session';
import { ms, type BenchSection } from './report';
import type { RouteRuns } from './route-runs';
import type { Target } from './measure';

const recallConnections = 10;
const goal = { cases: 1_000_000, p95: 200 };

const pathOf = (lot: { article: string; lot: string }) =>
  `/api/v2/recall/?${new URLSearchParams({ article: lot.article, lot: lot.lot })}`;

/** How many cases each asked lot reaches, read once through the route itself. */
const sizesOf = async (session: BenchSession, paths: string[]): Promise<number[]> =>
  Promise.all(
    paths.map(async (path) => {
      const answer = await fetch(`${session.realBase}${path}`, {
        headers: { authorization: `Bearer ${session.token}` },
      });
      if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
      return ((await answer.json()) as { cases: unknown[] }).cases.length;
    }),
  );

export const runRecall = async (runs: RouteRuns): Promise<BenchSection[]> => {
  const { session } = runs;
  const { lots, cases } = session.recall;
  const title = `Issue 31. Recall: GET /api/v2/recall/ at ${recallConnections} connections`;
  if (lots.length === 0)
    return [{ title, columns: [], rows: [], notes: ['the data set has no picked lot or material batch'] }];
  const paths = lots.map(pathOf);
  const sizes = await sizesOf(session, paths);
  const target: Target = { name: 'GET /api/v2/recall/', method: 'GET', path: paths[0] ?? '', paths };
  const run = await runs.take('app', target, recallConnections);
  const isPostgres = session.kind === 'postgres';
  const isFast = run.failures === 0 && run.p95 <= goal.p95;
  const isMet = !isPostgres ? null : !isFast ? false : cases >= goal.cases ? true : null;
  const mean = sizes.reduce((a, b) => a + b, 0) / sizes.length;
  const notes = [
    `${session.kind}, ${cases.toLocaleString('en-AU')} cases; ${lots.length} lots asked in turn ` +
      `(${lots.filter((l) => /^[A-Z]{2,3}-/.test(l.lot)).length} material batches), each reaching ` +
      `${Math.min(...sizes)}–${Math.max(...sizes)} cases (mean ${mean.toFixed(0)})`,
  ];
  if (!isPostgres) notes.push('the target is PostgreSQL’s (BENCH_DATABASE_URL): PGlite is not judged');
  else if (cases < goal.cases)
    notes.push(`the target is at ${goal.cases.toLocaleString('en-AU')} cases: not judged here`);
  return [
    {
      title,
      columns: ['server', 'req/s', 'p50', 'p95', 'p99'],
      rows: [
        {
          cells: ['app', run.rps.toFixed(0), ms(run.p50), ms(run.p95), ms(run.p99)],
          target: `PostgreSQL p95 ≤ ${goal.p95} ms at ${goal.cases.toLocaleString('en-AU')} cases`,
          isMet,
        },
      ],
      notes,
    },
  ];
};
