// Measured runs of the app's and the bare server's routes, each taken once per run of the bench: a
// section that needs a figure another section already took (version, statuses, search) reuses it, so
// rows that are compared were measured the same way, and the run stays as short as it can.
import type { BenchSession } from './bench-session';
import { measure, measureAlternately, type Measurement, type Target } from './measure';

export type Side = 'app' | 'bare';

export type RouteRuns = {
  session: BenchSession;
  take: (side: Side, target: Target, connections: number) => Promise<Measurement>;
  /** Two routes of one side, warmed, then measured in turn (measure.ts measureAlternately). */
  alternately: (
    side: Side,
    targets: readonly [Target, Target],
    connections: number,
  ) => Promise<[Measurement, Measurement]>;
};

export const createRouteRuns = (session: BenchSession, seconds: number): RouteRuns => {
  const taken = new Map<string, Promise<Measurement>>();
  const warmed = new Set<string>();
  const baseOf = (side: Side) => (side === 'app' ? session.realBase : session.bareBase);
  // The first run of a route warms the JIT, the statement caches and any in-process cache.
  const warmOnce = async (side: Side, target: Target, connections: number): Promise<void> => {
    if (warmed.has(`${side} ${target.name}`)) return;
    warmed.add(`${side} ${target.name}`);
    const base = baseOf(side);
    await measure({ base, target, connections, seconds: Math.min(3, seconds), token: session.token });
  };
  const take = (side: Side, target: Target, connections: number): Promise<Measurement> => {
    const key = `${side} ${target.name} ${connections}`;
    const known = taken.get(key);
    if (known) return known;
    const base = baseOf(side);
    const run = async () => {
      await warmOnce(side, target, connections);
      const result = await measure({ base, target, connections, seconds, token: session.token });
      if (result.failures > 0)
        console.warn(`  ${side} ${target.name}: ${result.failures} failed requests (${result.unexpected})`);
      return result;
    };
    const result = run();
    taken.set(key, result);
    return result;
  };
  const alternately = async (
    side: Side,
    targets: readonly [Target, Target],
    connections: number,
  ): Promise<[Measurement, Measurement]> => {
    for (const target of targets) await warmOnce(side, target, connections);
    return measureAlternately({ base: baseOf(side), targets, connections, seconds, token: session.token });
  };
  return { session, take, alternately };
};

/** The rows every comparison starts from: version, search and statuses (their targets differ by section). */
export const keywords = ['smith', 'dental', 'wilson', '100150', '100200-01', 'nguyen', 'clinic', 'tay'];
export const versionTarget: Target = { name: 'GET /api/version/', method: 'GET', path: '/api/version/' };
export const searchTarget: Target = {
  name: 'POST /api/v2/collections/ (search)',
  method: 'POST',
  path: '/api/v2/collections/',
  bodies: keywords.map((keyword) => JSON.stringify({ keyword })),
};
export const statusesTarget: Target = {
  name: 'GET /api/v2/case/statuses/',
  method: 'GET',
  path: '/api/v2/case/statuses/',
};
