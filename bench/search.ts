// Target 3: search over the bench's keywords at 10 connections, p95 and p99 from every request. Each
// database has its target at its own scale; a smaller data set is measured but cannot meet it.
import type { Measurement } from './measure';
import { ms, type BenchRow, type BenchSection } from './report';
import { keywords, searchTarget, type RouteRuns } from './route-runs';

const searchConnections = 10;

type SearchGoal = { collections: number; p95: number; p99?: number };
const goals: Record<'pglite' | 'postgres', SearchGoal> = {
  pglite: { collections: 100_000, p95: 150 },
  postgres: { collections: 1_000_000, p95: 30, p99: 60 },
};

const describe = (goal: SearchGoal): string =>
  `p95 ≤ ${goal.p95} ms${goal.p99 ? `, p99 ≤ ${goal.p99} ms` : ''} at ${goal.collections.toLocaleString('en-AU')}`;

const cells = (who: string, run: Measurement, ratio: string): string[] => [
  who,
  run.rps.toFixed(0),
  ms(run.p50),
  ms(run.p95),
  ms(run.p99),
  ratio,
];

export const runSearch = async (runs: RouteRuns, collections: number): Promise<BenchSection[]> => {
  const goal = goals[runs.session.kind];
  const app = await runs.take('app', searchTarget, searchConnections);
  const bare = await runs.take('bare', searchTarget, searchConnections);
  const isFast = app.failures === 0 && app.p95 <= goal.p95 && (goal.p99 === undefined || app.p99 <= goal.p99);
  // Fast on a smaller data set says nothing about the target's; slow on it is a miss all the same.
  const isMet = !isFast ? false : collections >= goal.collections ? true : null;
  const rows: BenchRow[] = [
    { cells: cells('app', app, (app.rps / bare.rps).toFixed(2)), target: describe(goal), isMet },
    { cells: cells('bare (same SQL)', bare, ''), target: '', isMet: null },
  ];
  const notes = [
    `${runs.session.kind}, ${collections.toLocaleString('en-AU')} collections, keywords: ${keywords.join(' ')}`,
  ];
  if (collections < goal.collections)
    notes.push(
      `the target is at ${goal.collections.toLocaleString('en-AU')} collections (--collections ${goal.collections}): not judged here`,
    );
  return [
    {
      title: `3. Search: ${searchTarget.name} at ${searchConnections} connections`,
      columns: ['server', 'req/s', 'p50', 'p95', 'p99', 'app/bare'],
      rows,
      notes,
    },
  ];
};
