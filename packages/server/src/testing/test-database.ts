import { randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { seedReferenceData } from '../db/seed/reference';
import { forgetBranchCalendars } from '../modules/schedule/load-branch-calendar';
import { databaseUrl, withAdminClient, type DatabaseTemplates } from './database-templates';

/**
 * A fresh, migrated database for one test file — with the reference catalogue when `withReference` — in
 * memory on PGlite by default, or a brand-new database on the PostgreSQL server named by TEST_DATABASE_URL
 * (dropped again on close). Copied from the run's templates (testing/database-templates.ts); a run without
 * them (another runner) builds it from scratch.
 */
export const openTestDatabase = async (
  options: { withReference?: boolean } = {},
): Promise<DatabaseHandle> => {
  const withReference = options.withReference ?? false;
  // The test files of a worker share one process (vitest.config.ts: isolate false), and the branch
  // calendars are cached per process, as a server has one database: a new database starts without them.
  forgetBranchCalendars();
  const templates = inject('databaseTemplates') as DatabaseTemplates | undefined;
  const serverUrl = process.env.TEST_DATABASE_URL;
  const handle = serverUrl
    ? await openPostgresCopy(serverUrl, templates?.kind === 'postgres' ? templates : undefined, withReference)
    : await openPgliteCopy(templates?.kind === 'pglite' ? templates : undefined, withReference);
  return handle;
};

const openPgliteCopy = async (
  templates: Extract<DatabaseTemplates, { kind: 'pglite' }> | undefined,
  withReference: boolean,
): Promise<DatabaseHandle> => {
  if (templates) {
    const dump = withReference ? templates.referenceDump : templates.migratedDump;
    return openDatabase({ kind: 'pglite', dataDir: null, from: await openAsBlob(dump), compact: true });
  }
  const handle = await openDatabase({ kind: 'pglite', dataDir: null, compact: true });
  await handle.migrate();
  if (withReference) await seedReferenceData(handle.db);
  return handle;
};

const openPostgresCopy = async (
  serverUrl: string,
  templates: Extract<DatabaseTemplates, { kind: 'postgres' }> | undefined,
  withReference: boolean,
): Promise<DatabaseHandle> => {
  const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const template = templates && (withReference ? templates.referenceName : templates.migratedName);
  await withAdminClient(serverUrl, (admin) =>
    admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`),
  );
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name), poolMax: 4 });
  if (!template) {
    await handle.migrate();
    if (withReference) await seedReferenceData(handle.db);
  }
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await withAdminClient(serverUrl, async (cleanup) => {
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
      });
    },
  };
};

/**
 * A data folder as a server's first start leaves it before seeding: the run's migrated database copied to
 * where openDatabase keeps it (DATA_DIR/pglite), for tests that start the server or a CLI as a process.
 * Making one from nothing (initdb and every migration) takes such a process most of its time. A run
 * without the templates (another runner) leaves the folder to the process.
 */
export const copyMigratedDatabaseTo = async (dataDir: string): Promise<void> => {
  const templates = inject('databaseTemplates') as DatabaseTemplates | undefined;
  if (templates?.kind !== 'pglite') return;
  const folder = path.join(dataDir, 'pglite');
  await mkdir(folder, { recursive: true });
  const copy = await PGlite.create(folder, {
    loadDataDir: await openAsBlob(templates.migratedDump),
    extensions: { pg_trgm },
  });
  await copy.close();
};
