import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index';
import { isUnderTestRunner } from '../config';
import { currentCommitMark } from './commit-marks';
import { acquireDataDirLock } from './data-dir-lock';
import { planGenerically } from './prepared';

import type { Db, Queryable, Tx } from './handle-types';

export type { Db, Queryable, Schema, Tx } from './handle-types';

export type DatabaseHandle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate: () => Promise<void>;
  /**
   * Fresh planner statistics, after a bulk load; PGlite has no autovacuum, so it also needs them at start.
   * On PostgreSQL also a VACUUM, for the visibility map that index-only scans need (search reads a
   * client's newest collections from its index alone): autovacuum may be off, or not yet round.
   */
  analyze: () => Promise<void>;
  close: () => Promise<void>;
  /** PGlite only: the data folder as a tar, which `openDatabase({ kind: 'pglite', from })` starts from. */
  dumpDataDir?: () => Promise<Blob>;
};

/** The SQL migrations and their journal (meta/_journal.json), as drizzle-kit writes them. */
export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

type BeforeCommitSet = {
  values: Set<unknown>;
  flush: (tx: Tx, values: ReadonlySet<unknown>) => Promise<void>;
};
type TransactionScope = { beforeCommit: Map<string, BeforeCommitSet>; afterCommit: (() => void)[] };
// Each running `inTransaction`'s scope, found by its `tx`: the steps before and after commit are asked
// for with the `tx` (or `db`) a write runs on, so no async context is needed to find them.
const scopeOfTransaction = new WeakMap<Queryable, TransactionScope>();

// The guard against `db` inside a transaction needs to know, at any `db` call, whether it runs inside one:
// only an AsyncLocalStorage can tell, and on Node 20 an enabled one hooks every promise of the process
// (about 8% of a server's CPU under polling). So it runs under the test runner, whose suite goes through
// every transaction; in production `inTransaction` runs without it.
const isGuardedAgainstDbInTransaction = isUnderTestRunner;
const transactionGuard = new AsyncLocalStorage<true>();

/** Flushes every set collected before commit; a flush may collect into another set, so until none is left. */
const runBeforeCommit = async (scope: TransactionScope, tx: Tx): Promise<void> => {
  for (let pending = [...scope.beforeCommit.values()]; pending.length > 0;) {
    scope.beforeCommit.clear();
    for (const set of pending) await set.flush(tx, set.values);
    pending = [...scope.beforeCommit.values()];
  }
};

/**
 * Runs `work` in ONE transaction. While it runs, touching `db` instead of `tx` throws: on PGlite that
 * query would wait for the single connection the transaction holds (a deadlock), on PostgreSQL it
 * would silently run outside the transaction.
 */
export const inTransaction = async <T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> => {
  const scope: TransactionScope = { beforeCommit: new Map(), afterCommit: [] };
  // Read before the first await: the request this transaction writes for (db/commit-marks.ts).
  const commitMark = currentCommitMark();
  const runWork = async (tx: Tx): Promise<T> => {
    scopeOfTransaction.set(tx, scope);
    const value = await work(tx);
    await runBeforeCommit(scope, tx);
    if (commitMark) await commitMark(tx);
    return value;
  };
  const result = await db.transaction((tx) =>
    isGuardedAgainstDbInTransaction ? transactionGuard.run(true, () => runWork(tx)) : runWork(tx),
  );
  for (const run of scope.afterCommit) run();
  return result;
};

/**
 * Adds `value` to the set `key` of the `inTransaction` whose `tx` is `q`. Once its work is done, just before it
 * commits and still inside it, `flush` runs once per set with every value added (each once): a write
 * that names the same thing many times is told about once. Outside a transaction nothing is kept and
 * the answer is false: the caller acts at once.
 */
export const collectBeforeCommit = <Value>(
  q: Queryable,
  key: string,
  value: Value,
  flush: (tx: Tx, values: ReadonlySet<Value>) => Promise<void>,
): boolean => {
  const scope = scopeOfTransaction.get(q);
  if (!scope) return false;
  let set = scope.beforeCommit.get(key);
  if (!set) {
    set = { values: new Set(), flush: flush as BeforeCommitSet['flush'] };
    scope.beforeCommit.set(key, set);
  }
  set.values.add(value);
  return true;
};

/**
 * Runs `callback` once the `inTransaction` whose `tx` is `q` has committed (never after a rollback); on
 * `db` (outside one), at once. In-process caches drop what a write changed this way before its answer is sent.
 */
export const afterCommit = (q: Queryable, callback: () => void): void => {
  const scope = scopeOfTransaction.get(q);
  if (scope) scope.afterCommit.push(callback);
  else callback();
};

/** The members of a database (or transaction) that start a statement. */
export const guardedMembers = new Set<PropertyKey>([
  'select',
  'selectDistinct',
  'selectDistinctOn',
  'insert',
  'update',
  'delete',
  'execute',
  'query',
  'with',
  '$count',
  'transaction',
  'refreshMaterializedView',
]);

const guardAgainstUseInsideTransaction = (db: Db): Db =>
  new Proxy(db, {
    get(target, member, receiver) {
      if (guardedMembers.has(member) && transactionGuard.getStore()) {
        throw new Error(`db.${String(member)} used inside a transaction: use the transaction's tx instead`);
      }
      return Reflect.get(target, member, receiver);
    },
  });

export type OpenDatabaseOptions =
  // dataDir null: in memory (tests), empty or a copy of the data folder dumped as `from`.
  | { kind: 'pglite'; dataDir: string | null; from?: Blob; compact?: boolean }
  | { kind: 'postgres'; url: string; poolMax?: number };

/**
 * A test file's database: PGlite zeroes its shared buffers at every start (128 MB by default, half of a
 * copy's start-up), and a data folder dumped with 16 MB WAL segments carries one whole. A copy of a
 * compact database starts in about a third of the time; the few rows of a test fit in 16 MB.
 */
const compactSettings = {
  postgresqlconf: ['shared_buffers = 16MB'],
  initDbStartParams: ['--wal-segsize=1'],
};

export const openDatabase = async (options: OpenDatabaseOptions): Promise<DatabaseHandle> => {
  if (options.kind === 'postgres') {
    // No JIT: our statements are short lookups, but a plan estimated from stale statistics (a bulk
    // import before autovacuum analyzes, a lateral aggregate guessed at 2,000 cases per collection)
    // passes jit_above_cost and spends 1–3 s compiling what runs in 5 ms (seen on search at 1 M).
    const noJit = '-c jit=off';
    const poolMax = options.poolMax ?? 10;
    const handleOf = (connections: pg.Pool): Db =>
      guardAgainstUseInsideTransaction(drizzleNodePg(connections, { schema }) as unknown as Db);
    const pool = new pg.Pool({ connectionString: options.url, max: poolMax, options: noJit });
    const db = handleOf(pool);
    // A few connections whose named statements are planned once, generically (db/prepared.ts): the
    // default plans the search's each run afresh (0.6–0.9 ms of its 2.4 ms at 1 M), as the generic
    // estimate of `id > $n` looks dear. Its own pool, as the setting would reach every query of a
    // connection, unnamed ones included, whose plans need their values (`LIKE $1`).
    const genericPool = new pg.Pool({
      connectionString: options.url,
      max: Math.ceil(poolMax / 2),
      options: `${noJit} -c plan_cache_mode=force_generic_plan`,
    });
    planGenerically(db, handleOf(genericPool));
    // A connection the server dropped while idle (a restart, a failover, a network cut) is an 'error' event
    // of its pool: unheard, it would stop the process. The pool replaces it; /readyz tells the outage.
    for (const connections of [pool, genericPool]) connections.on('error', () => undefined);
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePostgres(pool),
      analyze: async () => {
        await pool.query('VACUUM (ANALYZE)');
      },
      close: async () => {
        await Promise.all([pool.end(), genericPool.end()]);
      },
    };
  }
  let releaseLock = (): void => undefined;
  let client: PGlite;
  if (options.dataDir) {
    const folder = path.join(options.dataDir, 'pglite');
    releaseLock = acquireDataDirLock(options.dataDir);
    fs.mkdirSync(folder, { recursive: true });
    client = await PGlite.create(folder, { extensions: { pg_trgm } });
  } else {
    client = await PGlite.create({
      extensions: { pg_trgm },
      ...(options.from ? { loadDataDir: options.from } : {}),
      ...(options.compact ? compactSettings : {}),
    });
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db: guardAgainstUseInsideTransaction(db),
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    },
    analyze: async () => {
      await client.exec('ANALYZE');
    },
    close: async () => {
      await client.close();
      releaseLock();
    },
    // Checkpointed first: a copy then starts without replaying the WAL (0.7 s instead of 1.2 s).
    dumpDataDir: async () => {
      await client.exec('CHECKPOINT');
      return client.dumpDataDir('none');
    },
  };
};

/** Several server processes may start at once: an advisory lock lets exactly one migrate at a time. */
const migratePostgres = async (pool: pg.Pool): Promise<void> => {
  const lockClient = await pool.connect();
  try {
    await lockClient.query('SELECT pg_advisory_lock(727274001)');
    await migrateNodePg(drizzleNodePg(pool, { schema }), { migrationsFolder });
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock(727274001)').catch(() => undefined);
    lockClient.release();
  }
};

/** True when the database has no users yet: a fresh install that wants demo data. */
export const isEmptyDatabase = async (db: Db): Promise<boolean> => {
  const [row] = await selectRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM users`);
  return Number(row?.n ?? 0) === 0;
};

/** Rows of a raw SQL query; both drivers answer `{rows}`. Cast numeric aggregates in SQL (`::int`). */
export const selectRows = async <Row>(db: Queryable, query: SQL): Promise<Row[]> => {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
};
