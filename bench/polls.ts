// Target 2: the polls a window repeats while nothing changes, answered 304 to the ETag it already holds,
// against GET /api/version/ (the cheapest route there is); and the statuses list served from the warm
// in-process cache against the bare route that runs its SQL every time. Each poll is measured in turn
// with version, a second each (measureAlternately): the same route's req/s drifts by a quarter within a
// minute on a shared 2-core machine, and the first version figure of a whole run may be minutes older.
import type { BenchSession } from './bench-session';
import type { Target } from './measure';
import { ms, type BenchRow, type BenchSection } from './report';
import { statusesTarget, versionTarget, type RouteRuns } from './route-runs';

const minimumOfVersion = 0.8;

/** The ETag the route answers now (what a window holds after its first poll), or null without one. */
const currentEtag = async (session: BenchSession, target: Target): Promise<string | null> => {
  const response = await fetch(`${session.realBase}${target.path}`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${target.name} answered ${response.status}`);
  return response.headers.get('etag');
};

const pollTargets = (session: BenchSession): Target[] => {
  const { uid } = session.fixtures.collection20;
  return [
    { name: 'GET /api/v2/messages/notifications/', method: 'GET', path: '/api/v2/messages/notifications/' },
    { name: 'GET /api/v2/event/{uid}/?queue=true', method: 'GET', path: `/api/v2/event/${uid}/?queue=true` },
    { name: 'GET /api/v2/collection/{uid}/ (20 cases)', method: 'GET', path: `/api/v2/collection/${uid}/` },
    statusesTarget,
  ];
};

export const runPolls = async (runs: RouteRuns, connections: number): Promise<BenchSection[]> => {
  const { session } = runs;
  const version = await runs.take('app', versionTarget, connections);
  const rows: BenchRow[] = [
    {
      cells: [versionTarget.name, '200', version.rps.toFixed(0), ms(version.p99), '', '1.00'],
      target: '',
      isMet: null,
    },
  ];
  const notes: string[] = [];
  for (const target of pollTargets(session)) {
    const etag = await currentEtag(session, target);
    // Without an ETag there is no 304 to measure: the full answer is measured instead, and the row misses.
    const poll: Target = etag
      ? { ...target, name: `${target.name} 304`, headers: { 'if-none-match': etag }, expectStatus: 304 }
      : target;
    if (!etag) notes.push(`${target.name} answers no ETag: measured its full 200 answer`);
    const [versionBeside, run] = await runs.alternately('app', [versionTarget, poll], connections);
    const ratio = run.rps / versionBeside.rps;
    rows.push({
      cells: [
        poll.name,
        etag ? '304' : '200 (no ETag)',
        run.rps.toFixed(0),
        ms(run.p99),
        versionBeside.rps.toFixed(0),
        ratio.toFixed(2),
      ],
      target: `≥ ${minimumOfVersion} of version`,
      isMet: etag !== null && run.failures === 0 && ratio >= minimumOfVersion,
    });
  }
  const cached = await runs.take('app', statusesTarget, connections);
  const bare = await runs.take('bare', statusesTarget, connections);
  rows.push({
    cells: [
      `${statusesTarget.name} warm cache / bare SQL`,
      '200',
      cached.rps.toFixed(0),
      ms(cached.p99),
      bare.rps.toFixed(0),
      (cached.rps / bare.rps).toFixed(2),
    ],
    target: 'above bare (> 1.00)',
    isMet: cached.failures === 0 && cached.rps > bare.rps,
  });
  return [
    {
      title: `2. Unchanged polls and reference lists (${connections} connections)`,
      columns: ['poll', 'status', 'req/s', 'p99', 'beside', 'ratio'],
      rows,
      notes: [
        'beside: req/s of GET /api/version/ measured in turn with the row, a second each (304 rows), or of the bare statuses route (last row); ratio: req/s over it',
        ...notes,
      ],
    },
  ];
};
