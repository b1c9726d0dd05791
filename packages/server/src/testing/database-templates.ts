import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { seedReferenceData } from '../db/seed/reference';
import { prepareJobQueues } from '../jobs/start-jobs';

// Creating, migrating and seeding a database took most of a server test file's first seconds (PGlite's
// initdb alone 3–6 s on a busy 2-core machine). The run makes each kind once, here, and every test file
// starts from a copy: PGlite loads a data-folder dump, PostgreSQL copies a template database. The job
// runner's schema and queues are in the templates too, as a server's first start would leave them.

/** Where each test file's database is copied from; `reference` has the reference catalogue seeded too. */
export type DatabaseTemplates =
  | { kind: 'pglite'; migratedDump: string; referenceDump: string }
  | { kind: 'postgres'; migratedName: string; referenceName: string };

declare module 'vitest' {
  // Vitest's context is widened by declaration merging, which only an interface can do.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

const seededWithReference = async (handle: DatabaseHandle): Promise<void> => {
  await seedReferenceData(handle.db);
};

const writeDump = async (handle: DatabaseHandle, file: string): Promise<void> => {
  if (!handle.dumpDataDir) throw new Error('only a PGlite database can be dumped');
  await writeFile(file, Buffer.from(await (await handle.dumpDataDir()).arrayBuffer()));
};

/**
 * A copy's start unpacks every file of the dump: PGlite's initdb leaves template0 and template1 beside the
 * `postgres` database it works in (two thirds of the folder), and nothing here creates a database.
 */
const dropTemplateDatabases = async (handle: DatabaseHandle): Promise<void> => {
  await handle.db.execute(
    sql`UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`,
  );
  for (const name of ['template0', 'template1']) await handle.db.execute(sql.raw(`DROP DATABASE ${name}`));
};

const pgliteTemplates = async (): Promise<{ templates: DatabaseTemplates; remove: () => Promise<void> }> => {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'lab-test-templates-'));
  const handle = await openDatabase({ kind: 'pglite', dataDir: null, compact: true });
  try {
    await dropTemplateDatabases(handle);
    await handle.migrate();
    await prepareJobQueues(handle.db);
    const migratedDump = path.join(folder, 'migrated.tar');
    await writeDump(handle, migratedDump);
    await seededWithReference(handle);
    const referenceDump = path.join(folder, 'reference.tar');
    await writeDump(handle, referenceDump);
    return {
      templates: { kind: 'pglite', migratedDump, referenceDump },
      remove: () => rm(folder, { recursive: true, force: true }),
    };
  } finally {
    await handle.close();
  }
};

/** A database's URL on the same server as `serverUrl`. */
export const databaseUrl = (serverUrl: string, name: string): string => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Runs `work` with one connection to the server's maintenance database (where CREATE/DROP DATABASE run). */
export const withAdminClient = async <T>(
  serverUrl: string,
  work: (admin: pg.Client) => Promise<T>,
): Promise<T> => {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
};

const postgresTemplates = async (
  serverUrl: string,
): Promise<{ templates: DatabaseTemplates; remove: () => Promise<void> }> => {
  const stamp = `${Date.now()}_${randomBytes(3).toString('hex')}`;
  const migratedName = `test_template_${stamp}`;
  const referenceName = `test_template_ref_${stamp}`;
  const build = async (name: string, seed: boolean): Promise<void> => {
    await withAdminClient(serverUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
    const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name), poolMax: 2 });
    try {
      await handle.migrate();
      await prepareJobQueues(handle.db);
      if (seed) await seededWithReference(handle);
    } finally {
      await handle.close();
    }
  };
  await build(migratedName, false);
  await build(referenceName, true);
  return {
    templates: { kind: 'postgres', migratedName, referenceName },
    remove: () =>
      withAdminClient(serverUrl, async (admin) => {
        for (const name of [migratedName, referenceName])
          await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }),
  };
};

/** Vitest's global setup of the server project: the templates once per run, removed after it. */
export default async function makeDatabaseTemplates(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const made = serverUrl ? await postgresTemplates(serverUrl) : await pgliteTemplates();
  project.provide('databaseTemplates', made.templates);
  return made.remove;
}
