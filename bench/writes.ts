// Target 7: the writes a lab makes all day (a case note, a case action, a client's portal message), each
// against a bare twin that writes the same rows in one transaction (bare-writes.ts). On PostgreSQL the
// rows run again at 50 connections for the p99 target; PGlite has one connection, so 10 there.
import type { BenchFixtures } from './fixtures';
import { compareRow } from './hot-reads';
import type { Target } from './measure';
import type { BenchRow, BenchSection } from './report';
import type { RouteRuns } from './route-runs';

const loadedConnections = 50;
// p99 is judged at 10 writes in flight, already more than a lab's busiest minute: at 50 the bare twin
// itself answers at p99 60–90 ms here, its commits queued on PostgreSQL's notify lock and WAL flush, and
// 50 ms would take 1,000 writes a second (docs/decisions/2026-11-30-one-statement-reads.md).
const p99Ms = 50;

// Each request writes to the next of the fixture's collections, so concurrent writes meet as a lab's
// do: rarely on one row. The group number changes on every turn (the same number twice records nothing).
export const writeTargets = (fixtures: BenchFixtures): Target[] => {
  const { writes } = fixtures;
  const note = 'Bench note: margin on 11 checked, shade A2 confirmed before milling.';
  const first = writes[0];
  if (!first) throw new Error('no write fixtures');
  const groupNumbers = writes.flatMap((_, i) => [1 + (i % 7), 2 + (i % 7)]);
  return [
    {
      name: 'POST /api/v2/messages/ (case note)',
      method: 'POST',
      path: '/api/v2/messages/',
      bodies: writes.map(({ uid, case_uid }) =>
        JSON.stringify({ case_collection_uid: uid, case_uid, message_type: 'CASE_NOTE', note }),
      ),
    },
    {
      name: 'POST /api/v2/case/{case_id}/ (edit_group_number)',
      method: 'POST',
      path: `/api/v2/case/${first.case_id}/`,
      paths: [...writes, ...writes].map(({ case_id }) => `/api/v2/case/${case_id}/`),
      bodies: groupNumbers.map((n) => JSON.stringify({ action: 'edit_group_number', group_number: n })),
    },
    {
      name: 'POST /api/v2/customer/{portal_key}/message/',
      method: 'POST',
      path: `/api/v2/customer/${first.portal_key}/message/`,
      paths: writes.map(({ portal_key }) => `/api/v2/customer/${portal_key}/message/`),
      bodies: writes.map(({ uid }) =>
        JSON.stringify({ note: 'Bench: the patient asks for a lighter shade.', case_collection_uid: uid }),
      ),
    },
  ];
};

export const runWrites = async (runs: RouteRuns, connections: number): Promise<BenchSection[]> => {
  const targets = writeTargets(runs.session.fixtures);
  const columns = ['route', 'app req/s', 'app p99', 'bare req/s', 'bare p99', 'app/bare'];
  const measureAt = async (at: number, judgedP99Ms: number | null): Promise<BenchRow[]> => {
    const rows: BenchRow[] = [];
    for (const target of targets) {
      const app = await runs.take('app', target, at);
      const bare = await runs.take('bare', target, at);
      rows.push(compareRow(target, app, bare, judgedP99Ms));
    }
    return rows;
  };
  const notes = [
    "bare = the same rows, audit row and realtime event in one transaction, and the case action's answer read by the app's loader (bench/bare-writes.ts)",
  ];
  const sections: BenchSection[] = [
    {
      title: `7. Writes: app vs bare, same rows in one transaction (${connections} connections)`,
      columns,
      // PGlite has one connection: 10 writes in flight queue on it, whatever the code.
      rows: await measureAt(connections, runs.session.kind === 'postgres' ? p99Ms : null),
      notes,
    },
  ];
  const loaded = runs.session.kind === 'postgres' ? await measureAt(loadedConnections, null) : [];
  sections.push({
    title: `7b. Writes at ${loadedConnections} connections (PostgreSQL)`,
    columns,
    rows: loaded,
    notes: [
      runs.session.kind === 'postgres'
        ? `p99 is judged at ${connections} connections; here the bare column shows what one machine's PostgreSQL carries at all`
        : 'PostgreSQL only (BENCH_DATABASE_URL)',
    ],
  });
  return sections;
};
