// Target 7: the writes a lab makes all day (a case note, a case action, a client's portal message), each
// against a bare twin that writes the same rows in one transaction (bare-writes.ts). On PostgreSQL the
// rows run again at 50 connections for the p99 target; PGlite has one connection, so 10 there.
import type { BenchFixtures } from './fixtures';
import { compareRow } from './hot-reads';
import type { Target } from './measure';
import type { BenchRow, BenchSection } from './report';
import type { RouteRuns } from './route-runs';

const loadedConnections = 50;
const loadedP99Ms = 50;

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
  const measureAt = async (at: number, p99Ms: number | null): Promise<BenchRow[]> => {
    const rows: BenchRow[] = [];
    for (const target of targets) {
      const app = await runs.take('app', target, at);
      const bare = await runs.take('bare', target, at);
      rows.push(compareRow(target, app, bare, p99Ms));
    }
    return rows;
  };
  const notes = [
    'bare = the same rows, audit row and realtime event in one transaction (bench/bare-writes.ts)',
  ];
  const sections: BenchSection[] = [
    {
      title: `7. Writes: app vs bare, same rows in one transaction (${connections} connections)`,
      columns,
      rows: await measureAt(connections, null),
      notes,
    },
  ];
  const loaded = runs.session.kind === 'postgres' ? await measureAt(loadedConnections, loadedP99Ms) : [];
  // 50 writes always in flight finish within 50 ms only at 50 / 0.05 s = 1,000 a second (Little's law):
  // on 2 cores even the bare twin, one transaction of 4–6 statements, writes about half as many.
  const neededRps = loadedConnections / (loadedP99Ms / 1000);
  sections.push({
    title: `7b. Writes at ${loadedConnections} connections (PostgreSQL)`,
    columns,
    rows: loaded,
    notes:
      runs.session.kind === 'postgres'
        ? [
            `p99 ≤ ${loadedP99Ms} ms at ${loadedConnections} connections needs about ${neededRps.toLocaleString('en-AU')} writes a second (Little's law); ` +
              `compare the bare column: what one machine's PostgreSQL and Node carry at all`,
          ]
        : [
            `PostgreSQL only (BENCH_DATABASE_URL): its target is p99 ≤ ${loadedP99Ms} ms at ${loadedConnections} connections`,
          ],
  });
  return sections;
};
