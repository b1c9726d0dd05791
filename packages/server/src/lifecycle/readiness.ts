import { sql } from 'drizzle-orm';
import pg from 'pg';
import { selectRows, type Db } from '../db/client';
import {
  findPendingMigrations,
  newestAppliedMigrationQuery,
  readMigrationJournal,
} from '../db/pending-migrations';
import type { JobRunner } from '../jobs/start-jobs';
import { sqlStateOf } from '../db/sql-state';

// Whether this process should be sent requests (GET /readyz): not while it drains, and only while the
// database answers, has every migration of this build, and the job runner runs.

export type Readiness = { isReady: true } | { isReady: false; reason: string };

export const readinessTimeoutMs = 2_000;

const ready: Readiness = { isReady: true };
const notReady = (reason: string): Readiness => ({ isReady: false, reason });

// PostgreSQL's "no such table" and "no such schema": the migrator has not run here yet.
const missingRelationCodes = new Set(['42P01', '3F000']);

const selectNewestApplied = async (db: Db, timeoutMs: number): Promise<number | null> => {
  const client: unknown = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) {
    // The driver's own timeout (read per query, missing from its types) also drops the connection, so
    // one that a dead network holds is not kept in the pool.
    const query: pg.QueryConfig & { query_timeout: number } = {
      text: newestAppliedMigrationQuery,
      query_timeout: timeoutMs,
    };
    const result = await client.query<{ newest: number | null }>(query);
    return result.rows[0]?.newest ?? null;
  }
  const [row] = await selectRows<{ newest: number | null }>(db, sql.raw(newestAppliedMigrationQuery));
  return row?.newest ?? null;
};

export const createReadinessCheck = (deps: {
  db: Db;
  jobs: Pick<JobRunner, 'isRunning'>;
  isDraining: () => boolean;
  timeoutMs?: number;
}): (() => Promise<Readiness>) => {
  const timeoutMs = deps.timeoutMs ?? readinessTimeoutMs;
  const journal = readMigrationJournal();
  const migrated = (newestApplied: number | null): Readiness => {
    const pending = findPendingMigrations(journal, newestApplied);
    return pending.length === 0 ? ready : notReady(`migrations not applied: ${pending.join(', ')}`);
  };
  const probeDatabase = async (): Promise<Readiness> => {
    try {
      return migrated(await selectNewestApplied(deps.db, timeoutMs));
    } catch (error) {
      // No error detail in the answer: the probe is public.
      return missingRelationCodes.has(sqlStateOf(error) ?? '')
        ? migrated(null)
        : notReady('database unreachable');
    }
  };
  // Callers share the probe under way, however often the balancers ask, so that during an outage probes do
  // not pile up in the pool; but not one older than the timeout, whose answer may predate a recovery.
  let shared: { probe: Promise<Readiness>; startedAt: number } | null = null;
  const probeOnce = (): Promise<Readiness> => {
    if (shared && performance.now() - shared.startedAt < timeoutMs) return shared.probe;
    const current = {
      startedAt: performance.now(),
      probe: probeDatabase().finally(() => {
        if (shared === current) shared = null;
      }),
    };
    shared = current;
    return current.probe;
  };

  return async () => {
    if (deps.isDraining()) return notReady('draining');
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<Readiness>((resolve) => {
      timer = setTimeout(
        () => resolve(notReady(`database did not answer within ${timeoutMs / 1000} s`)),
        timeoutMs,
      );
    });
    const database = await Promise.race([probeOnce(), timedOut]).finally(() => clearTimeout(timer));
    if (deps.isDraining()) return notReady('draining');
    if (!database.isReady) return database;
    return deps.jobs.isRunning() ? ready : notReady('background jobs not started');
  };
};
