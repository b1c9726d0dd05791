import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/client';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a brand-new database
 * on the PostgreSQL server named by TEST_DATABASE_URL (dropped again on close).
 */
export const openTestDatabase = async (): Promise<DatabaseHandle> => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ kind: 'pglite', dataDir: null });
    await handle.migrate();
    return handle;
  }
  const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 4 });
  await handle.migrate();
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      // The pool's end() resolves before its connections are gone; FORCE on one still closing makes the
      // server send it a FATAL that nobody listens to any more, an unhandled error that fails the run.
      for (let tries = 0; tries < 100; tries += 1) {
        const { rows } = await cleanup.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
};
