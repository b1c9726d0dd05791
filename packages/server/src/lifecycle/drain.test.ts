import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, selectRows } from '../db/client';
import { demoPassword } from '../db/seed/demo';
import { multipartBody } from '../testing/multipart';
import { copyMigratedDatabaseTo } from '../testing/test-database';
import { drainBudgetMs, requestGraceMs } from './drain';

// The real server process (main.ts) on a fresh data folder, stopped by SIGTERM while a page holds the event
// stream and two uploads are under way: one whose last bytes come after the signal, one that never
// finishes. It must stop listening, end the stream with a retry hint, store the first upload whole and
// refuse the second without a trace, and exit 0 within 10 s. With TEST_DATABASE_URL the server runs on a
// fresh PostgreSQL database (demo data asked for), else on PGlite in the data folder, which holds a copy
// of the run's migrated database: making one from nothing in a folder took most of this file's time.

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const mainPath = path.join(repoRoot, 'packages/server/src/main.ts');
const serverUrl = process.env.TEST_DATABASE_URL;

type Exit = { code: number | null; at: number };

const freePort = async (): Promise<number> => {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
};

/** A binary STL of `triangles` random triangles: passes the upload's content check. */
const stlOf = (triangles: number): Buffer => {
  const bytes = randomBytes(84 + 50 * triangles);
  bytes.writeUInt32LE(triangles, 80);
  return bytes;
};

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every file under `dir`, relative to it. */
const listFiles = async (dir: string): Promise<string[]> => {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
};

let workDir: string;
let dataDir: string;
let tmpDir: string;
let port: number;
let server: ChildProcess;
let exited: Promise<Exit>;
let output = '';
let databaseUrl: string | null = null;

const base = () => `http://127.0.0.1:${port}`;

const onServer = async (statement: string): Promise<void> => {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(statement);
  await admin.end();
};

const waitUntilReady = async (deadlineMs: number): Promise<void> => {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server stopped while starting:\n${output}`);
    const status = await fetch(`${base()}/readyz`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`not ready within ${deadlineMs} ms:\n${output}`);
    // A refused or early probe costs the server next to nothing: ask often, so no time passes unused.
    await pause(100);
  }
};

const startServer = async (): Promise<void> => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'lab-drain-'));
  dataDir = path.join(workDir, 'data');
  // The server's own temporary folder: where an upload's bytes wait until they are checked and stored.
  tmpDir = path.join(workDir, 'tmp');
  await mkdir(tmpDir, { recursive: true });
  port = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TMPDIR: tmpDir,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  };
  if (serverUrl) {
    const url = new URL(serverUrl);
    url.pathname = `/drain_${Date.now()}_${randomBytes(3).toString('hex')}`;
    await onServer(`CREATE DATABASE ${url.pathname.slice(1)}`);
    databaseUrl = url.toString();
    env.DATABASE_URL = databaseUrl;
    env.SEED_DEMO = 'true';
  } else {
    await copyMigratedDatabaseTo(dataDir);
  }
  server = spawn(process.execPath, ['--import', 'tsx', mainPath], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  exited = new Promise((resolve) => server.once('exit', (code) => resolve({ code, at: Date.now() })));
  // The first start seeds the demo lab (and migrates, on PostgreSQL): long on a busy 2-core machine.
  await waitUntilReady(170_000);
};

const stopServer = async (): Promise<void> => {
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  await exited;
  await rm(workDir, { recursive: true, force: true });
  if (databaseUrl)
    await onServer(`DROP DATABASE IF EXISTS ${new URL(databaseUrl).pathname.slice(1)} WITH (FORCE)`);
};

const signIn = async (): Promise<{ cookie: string; authorization: string }> => {
  const form = new URLSearchParams({ username: 'designer', password: demoPassword });
  const answer = await fetch(`${base()}/oauth2/authorize/`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const cookie = (answer.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  expect(cookie).not.toBe('');
  const token = (await fetch(`${base()}/oauth2/token/`, { headers: { cookie } }).then((r) => r.json())) as {
    access_token: string;
  };
  return { cookie, authorization: `Bearer ${token.access_token}` };
};

/** The event stream as a page holds it: its raw text, and when it ended. */
const openStream = (cookie: string) =>
  new Promise<{ text: () => string; ended: Promise<number> }>((resolve, reject) => {
    let text = '';
    const request = http.get(
      { host: '127.0.0.1', port, path: '/api/v2/stream', headers: { cookie } },
      (res) => {
        expect(res.statusCode).toBe(200);
        const ended = new Promise<number>((done) => res.on('close', () => done(Date.now())));
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          if (text.includes('event: ready')) resolve({ text: () => text, ended });
        });
      },
    );
    request.on('error', reject);
  });

type Answer = { status: number; body: string } | { error: string };

/** A multipart upload of one file whose body is sent by the caller, piece by piece. */
const startUpload = (
  target: { caseId: number; authorization: string },
  filename: string,
  content: Buffer,
) => {
  const body = multipartBody({ action: 'upload_files', type: 'internal_file' }, [
    { field: 'files', filename, content },
  ]);
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: `/api/v2/case/${target.caseId}/`,
    agent: false,
    headers: {
      ...body.headers,
      authorization: target.authorization,
      'content-length': String(body.payload.length),
    },
  });
  const answered = new Promise<Answer>((resolve) => {
    request.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on('error', (error) => resolve({ error: error.message }));
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });
  return { request, payload: body.payload, answered };
};

const isRefused = () =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

describe('SIGTERM while the server is in use', () => {
  beforeAll(startServer, 180_000);
  afterAll(stopServer);

  it('drains: stream ended with a retry hint, upload in flight stored whole, stalled one refused, exit 0 within 10 s', async () => {
    const user = await signIn();
    const get = <T>(url: string) =>
      fetch(`${base()}${url}`, { headers: { authorization: user.authorization } }).then(
        (r) => r.json() as Promise<T>,
      );
    const [active] = await get<{ uid: string }[]>('/api/v2/collections/active/');
    const collection = await get<{ cases: { case_id: number }[] }>(`/api/v2/collection/${active?.uid}/`);
    const target = { caseId: collection.cases[0]?.case_id ?? 0, authorization: user.authorization };
    const stream = await openStream(user.cookie);
    const storedBefore = await listFiles(path.join(dataDir, 'files'));

    const suffix = randomBytes(4).toString('hex');
    const whole = stlOf(40_000); // 2 MB
    const stalled = stlOf(20_000);
    const completing = startUpload(target, `drain-whole-${suffix}.stl`, whole);
    const neverDone = startUpload(target, `drain-stalled-${suffix}.stl`, stalled);
    const firstPart = 1024 * 1024;
    completing.request.write(completing.payload.subarray(0, firstPart));
    neverDone.request.write(neverDone.payload.subarray(0, 256 * 1024));
    await pause(500);

    const signalledAt = Date.now();
    server.kill('SIGTERM');
    // The rest of the first upload arrives over the next second, after the signal.
    const rest = completing.payload.subarray(firstPart);
    const pieces = 10;
    const pieceSize = Math.ceil(rest.length / pieces);
    for (let piece = 0; piece < pieces; piece += 1) {
      await pause(100);
      completing.request.write(rest.subarray(piece * pieceSize, (piece + 1) * pieceSize));
    }
    completing.request.end();

    const streamEndedAt = await stream.ended;
    expect(streamEndedAt - signalledAt).toBeLessThan(2000);
    expect(stream.text()).toMatch(/retry: \d+\n\n$/);
    expect(await isRefused()).toBe(true);

    const completed = await completing.answered;
    expect(completed).toMatchObject({ status: 200 });
    const refused = await neverDone.answered;
    expect('error' in refused || refused.status >= 400).toBe(true);

    const exit = await exited;
    const drainMs = exit.at - signalledAt;
    // The stalled upload holds the drain until its grace ends (6 s): well inside the 10 s budget still.
    expect(exit.code, output).toBe(0);
    expect(drainMs, output).toBeGreaterThanOrEqual(requestGraceMs);
    expect(drainMs, output).toBeLessThan(drainBudgetMs);
    expect(output).toMatch(/SIGTERM: draining/);
    expect(output).toMatch(/Drained and stopped in \d+ ms/);

    // Afterwards: the finished upload is there, row and bytes alike; of the stalled one, nothing at all.
    type FileRow = { filename: string; storage_key: string; size_bytes: number; sha256: string };
    const database = await openDatabase(
      databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite', dataDir },
    );
    const rows = await selectRows<FileRow>(
      database.db,
      sql`SELECT filename, storage_key, size_bytes::int AS size_bytes, sha256 FROM files
          WHERE filename LIKE ${`drain-%-${suffix}.stl`} ORDER BY filename`,
    );
    await database.close();
    expect(rows.map((row) => row.filename)).toEqual([`drain-whole-${suffix}.stl`]);
    const [kept] = rows as [FileRow];
    expect(kept.size_bytes).toBe(whole.length);
    expect(kept.sha256).toBe(sha256(whole));
    const onDisk = await readFile(path.join(dataDir, 'files', kept.storage_key));
    expect(sha256(onDisk)).toBe(sha256(whole));
    const storedAfter = await listFiles(path.join(dataDir, 'files'));
    expect(storedAfter.filter((file) => !storedBefore.includes(file))).toEqual([kept.storage_key]);
    expect(await listFiles(path.join(tmpDir, 'lab-cases-uploads'))).toEqual([]);
  }, 60_000);
});

describe('the drain budget', () => {
  it('ends a drain that does not finish in time with exit code 1 and a line saying so', async () => {
    const script = `
      const { drainAndExit } = await import(${JSON.stringify(path.join(repoRoot, 'packages/server/src/lifecycle/drain.ts'))});
      setInterval(() => undefined, 1000);
      process.on('SIGTERM', () => void drainAndExit('SIGTERM', () => new Promise(() => undefined), 300));
      process.kill(process.pid, 'SIGTERM');`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(text).toContain('SIGTERM: draining, then stopping (at most 0.3 s)');
    expect(text).toContain('Still draining after 0.3 s: stopping now');
  });
});
