// The data set the bench measures: the demo lab plus N generated collections, built once and reused.
// PGlite keeps one folder per size (bench/results/data-N, marked when complete); a PostgreSQL database
// is topped up to N collections by the seed CLI (`npm run seed -- --collections`).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, selectRows } from '../packages/server/src/db/client';

export type DataSet = {
  /** The environment the server and the seed CLI run with (DATA_DIR, or DATABASE_URL). */
  env: NodeJS.ProcessEnv;
  dataDir: string;
  databaseUrl?: string;
};

// Two connections: migrating holds one for its advisory lock and runs the migrations on another.
const countCollections = async (target: { dataDir: string; databaseUrl?: string }): Promise<number> => {
  const handle = await openDatabase(
    target.databaseUrl
      ? { kind: 'postgres', url: target.databaseUrl, poolMax: 2 }
      : { kind: 'pglite', dataDir: target.dataDir },
  );
  try {
    await handle.migrate();
    const [row] = await selectRows<{ n: number }>(handle.db, sql`SELECT count(*)::int AS n FROM collections`);
    return Number(row?.n ?? 0);
  } finally {
    await handle.close();
  }
};

/** Builds (or tops up) the data set of `collections` generated collections, saying how long it took. */
export const ensureDataSet = async (options: {
  root: string;
  collections: number;
  databaseUrl?: string;
  log: (line: string) => void;
}): Promise<DataSet> => {
  const { root, collections, databaseUrl, log } = options;
  const dataDir = path.join(root, 'bench', 'results', `data-${collections}`);
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const dataSet = { env, dataDir, databaseUrl };

  const readyMarker = path.join(dataDir, 'bench-ready.txt');
  if (!databaseUrl && fs.existsSync(readyMarker)) {
    log(`Reusing the data set in ${path.relative(root, dataDir)}`);
    return dataSet;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const existing = await countCollections(dataSet);
  // An empty database gets the demo lab and all N; one cut short (or smaller) gets what it lacks.
  const missing = existing === 0 ? collections : Math.max(0, collections - existing);
  if (missing > 0) {
    log(`Building the data set: ${existing === 0 ? 'demo data + ' : ''}${missing} generated collections…`);
    const started = Date.now();
    const seeded = spawnSync(
      'node',
      ['--import', 'tsx', 'packages/server/src/db/seed/cli.ts', '--collections', String(missing)],
      { cwd: root, env, stdio: 'inherit' },
    );
    if (seeded.status !== 0) throw new Error(`the seed exited with ${seeded.status}`);
    log(`Data set built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } else {
    log(`Reusing the database: it holds ${existing} collections`);
  }
  if (!databaseUrl) fs.writeFileSync(readyMarker, new Date().toISOString());
  return dataSet;
};
