// Issue 32: the Accounts page's reads at scale — the invoice list (every invoice, the ready ones, one busy
// client's) with its totals, and the clients' balances — each at 4 connections (an accounts desk is a
// few people), p95 from every request. The target is PostgreSQL's at a million cases.
import { ms, type BenchRow, type BenchSection } from './report';
import type { RouteRuns } from './route-runs';
import type { Target } from './measure';

const accountsConnections = 4;
const goal = { cases: 1_000_000, p95: 500 };

export const runAccounts = async (runs: RouteRuns): Promise<BenchSection[]> => {
  const { session } = runs;
  const { cases } = session.recall;
  const { busyClientId } = session.accounts;
  const targets: Target[] = [
    { name: 'invoices, every one', method: 'GET', path: '/api/v2/accounts/invoices/' },
    { name: 'invoices, ready to finalise', method: 'GET', path: '/api/v2/accounts/invoices/?state=ready' },
    {
      name: 'invoices, the busiest client',
      method: 'GET',
      path: `/api/v2/accounts/invoices/?client_id=${busyClientId}`,
    },
    { name: 'balances', method: 'GET', path: '/api/v2/accounts/balances/' },
  ];
  const isPostgres = session.kind === 'postgres';
  const rows: BenchRow[] = [];
  for (const target of targets) {
    const run = await runs.take('app', target, accountsConnections);
    const isFast = run.failures === 0 && run.p95 <= goal.p95;
    rows.push({
      cells: [target.name, run.rps.toFixed(1), ms(run.p50), ms(run.p95), ms(run.p99)],
      target: `PostgreSQL p95 ≤ ${goal.p95} ms at ${goal.cases.toLocaleString('en-AU')} cases`,
      isMet: !isPostgres ? null : !isFast ? false : cases >= goal.cases ? true : null,
    });
  }
  const notes = [`${session.kind}, ${cases.toLocaleString('en-AU')} cases; busiest client ${busyClientId}`];
  if (!isPostgres) notes.push('the target is PostgreSQL’s (BENCH_DATABASE_URL): PGlite is not judged');
  else if (cases < goal.cases)
    notes.push(`the target is at ${goal.cases.toLocaleString('en-AU')} cases: not judged here`);
  return [
    {
      title: `Issue 32. Accounts: the invoice list and the balances at ${accountsConnections} connections`,
      columns: ['read', 'req/s', 'p50', 'p95', 'p99'],
      rows,
      notes,
    },
  ];
};
