// What the open-windows bench needs around its load: a seeded PostgreSQL database, real server processes
// (packages/server/src/main.ts, as production starts them) on ports of their own, and signed-in sessions.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, selectRows } from '../packages/server/src/db/client';

export const demoUsers = ['designer', 'admin', 'machinist', 'polisher', 'support'] as const;
const demoPassword = 'demo';

const runToEnd = (child: ChildProcess, what: string): Promise<void> =>
  new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${what} exited with ${code}`))));
  });

export type LoadData = {
  /** Collections the windows look at (a random sample, so windows see different ones). */
  collectionUids: string[];
  /** A collection with a case, where the delay probe posts its notes. */
  probe: { collectionUid: string; caseUid: string };
};

/**
 * Seeds the database when it lacks the demo lab or has fewer than `collections` collections, then samples
 * the collections the windows will show. The seed CLI of the measured checkout (`root`) migrates the
 * database, so this bench's own copy of the server never migrates it to a schema the measured one lacks.
 */
export const prepareDatabase = async (options: {
  root: string;
  databaseUrl: string;
  collections: number;
  sample: number;
  log: (line: string) => void;
}): Promise<LoadData> => {
  const handle = await openDatabase({ kind: 'postgres', url: options.databaseUrl, poolMax: 2 });
  try {
    // A database never migrated has no tables yet: zero of each.
    const [counts] = await selectRows<{ users: number; collections: number }>(
      handle.db,
      sql`SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM collections)::int AS collections`,
    ).catch(() => [{ users: 0, collections: 0 }]);
    const missing = Math.max(0, options.collections - (counts?.collections ?? 0));
    if ((counts?.users ?? 0) === 0 || missing > 0) {
      options.log(`Seeding the database: demo data when empty, ${missing} generated collections…`);
      await runToEnd(
        spawn(
          'node',
          ['--import', 'tsx', 'packages/server/src/db/seed/cli.ts', '--collections', String(missing)],
          {
            cwd: options.root,
            env: { ...process.env, DATABASE_URL: options.databaseUrl, LOG_LEVEL: 'silent' },
            stdio: 'inherit',
          },
        ),
        'the seed',
      );
    }
    const uids = await selectRows<{ uid: string }>(
      handle.db,
      sql`SELECT uid FROM collections ORDER BY random() LIMIT ${options.sample}`,
    );
    const [probe] = await selectRows<{ collection_uid: string; case_uid: string }>(
      handle.db,
      sql`SELECT collection_uid, uid AS case_uid FROM cases ORDER BY case_id LIMIT 1`,
    );
    if (!probe || uids.length === 0) throw new Error('the bench database has no collections with cases');
    return {
      collectionUids: uids.map((row) => row.uid),
      probe: { collectionUid: probe.collection_uid, caseUid: probe.case_uid },
    };
  } finally {
    await handle.close();
  }
};

export type RunningServer = { port: number; pid: number; base: string; stop: () => Promise<void> };

const waitUntilAnswering = async (base: string, child: ChildProcess, output: () => string) => {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server on ${base} exited: ${output()}`);
    try {
      if ((await fetch(`${base}/api/version/`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server on ${base} did not answer within 2 minutes: ${output()}`);
};

/** One production server process on PostgreSQL (its own DATA_DIR, logs off). */
export const startServer = async (options: {
  root: string;
  databaseUrl: string;
  port: number;
}): Promise<RunningServer> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-windows-${options.port}-`));
  const child = spawn('node', ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: options.root,
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${options.port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const base = `http://127.0.0.1:${options.port}`;
  const stop = async (): Promise<void> => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilAnswering(base, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { port: options.port, pid: child.pid ?? 0, base, stop };
};

/** Signs in through the sign-in form, as a browser does; answers the session cookie. */
export const signIn = async (base: string, username: string): Promise<string> => {
  const response = await fetch(`${base}/oauth2/authorize/`, {
    method: 'POST',
    body: new URLSearchParams({ username, password: demoPassword }),
    redirect: 'manual',
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error(`sign-in of ${username} failed: ${response.status}`);
  return cookie;
};

/** A fresh bearer token for a session (they live 15 minutes, so each step takes new ones). */
export const mintToken = async (base: string, cookie: string): Promise<string> => {
  const response = await fetch(`${base}/oauth2/token/`, { headers: { cookie } });
  if (!response.ok) throw new Error(`token call failed: ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
};

/** CPU time (ms) a process has used so far, from /proc (Linux); null elsewhere. */
export const cpuTimeMs = (pid: number): number | null => {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : null;
  } catch {
    return null;
  }
};
