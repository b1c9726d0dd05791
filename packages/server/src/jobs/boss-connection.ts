import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Db, Tx } from '../db/client';

// How pg-boss reaches the database: its `db: {executeSql}` adapter in every case, so the job runner
// decides when its queries stop.
// - PGlite: the embedded database's own handle (there is only one connection). Statements without
//   parameters go through `exec`, because pg-boss installs and maintains its schema with multi-statement
//   scripts (BEGIN; …; COMMIT) that the extended protocol refuses.
// - PostgreSQL: a small pool of its own on the same connection string, so polling never waits for, nor
//   holds, the app's connections.
// - A caller's transaction (`transactionDatabase`): a job sent through it commits or rolls back with the
//   change that asked for it.

export type BossDatabase = {
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
};

export type BossConnection = BossDatabase & {
  /**
   * Waits for the statements under way, then closes. Later statements are answered with nothing, as
   * pg-boss's own closed database does: a job that outlived the graceful stop then completes or fails
   * quietly (pg-boss does not await that write, so a throw would be an unhandled rejection).
   */
  close: () => Promise<void>;
};

const clientOf = (db: Db): unknown => (db as unknown as { $client: unknown }).$client;

// pg-boss leaves optional values undefined; both drivers take null for SQL NULL.
const withNulls = (values: readonly unknown[]): unknown[] => values.map((v) => (v === undefined ? null : v));

const openDriver = (db: Db): { run: BossDatabase['executeSql']; end: () => Promise<void> } => {
  const client = clientOf(db);
  if (client instanceof PGlite) {
    return {
      run: async (text, values) => {
        if (values && values.length > 0) return client.query(text, withNulls(values));
        const results = await client.exec(text);
        return results.at(-1) ?? { rows: [] };
      },
      // The database handle belongs to the app, which closes it after the jobs stopped.
      end: async () => undefined,
    };
  }
  if (client instanceof pg.Pool) {
    const pool = new pg.Pool({
      connectionString: client.options.connectionString,
      max: 3,
      application_name: 'pgboss',
    });
    // An idle connection the server dropped: the pool replaces it, nothing to do.
    pool.on('error', () => undefined);
    return {
      run: (text, values) => pool.query(text, values ? withNulls(values) : undefined),
      end: () => pool.end(),
    };
  }
  throw new Error('The job queue needs a PGlite or node-postgres database');
};

// What pg-boss's own database answers once closed (its types leave this out); every reader in pg-boss
// takes it as "no rows, nothing affected".
const answerOfAClosedDatabase = undefined as unknown as { rows: unknown[] };

export const openBossConnection = (db: Db): BossConnection => {
  const { run, end } = openDriver(db);
  let running = 0;
  let closed = false;
  let idle: (() => void) | null = null;
  return {
    executeSql: async (text, values) => {
      if (closed) return answerOfAClosedDatabase;
      running += 1;
      try {
        return await run(text, values);
      } finally {
        running -= 1;
        if (running === 0) idle?.();
      }
    },
    close: async () => {
      closed = true;
      if (running > 0) await new Promise<void>((resolve) => (idle = resolve));
      await end();
    },
  };
};

/** pg-boss's `$n` placeholders as Drizzle parameters, so its statement can run on a Drizzle transaction. */
export const withParameters = (text: string, values: readonly unknown[]): SQL => {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, match.index)));
    const value = values[Number(match[1]) - 1];
    chunks.push(sql`${sql.param(value === undefined ? null : value)}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
};

export const transactionDatabase = (tx: Tx): BossDatabase => ({
  executeSql: async (text, values = []) => {
    const result = (await tx.execute(withParameters(text, values))) as unknown as { rows: unknown[] };
    return { rows: result.rows };
  },
});
