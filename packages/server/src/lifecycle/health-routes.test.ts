import { createHash } from 'node:crypto';
import net from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, selectRows, type DatabaseHandle } from '../db/client';
import { readMigrationJournal } from '../db/pending-migrations';
import { files } from '../db/schema/index';
import { startJobs } from '../jobs/start-jobs';
import { openTestStream } from '../realtime/stream-test-kit';
import { buildAppOn, createTestApp, multipartBody, sampleFiles, signInAs, type TestApp } from '../testing';
import { createCollection } from '../testing/factories';
import { startTcpForwarder, type TcpForwarder } from '../testing/tcp-forwarder';
import { createReadinessCheck } from './readiness';

// The probes a supervisor and a load balancer call, on the real app and database: liveness, readiness
// (migrations, jobs, and on PostgreSQL a real outage through a TCP hop), and what closing the app in use
// does: /readyz says "draining", the upload in flight is stored whole, the streams get a retry hint.

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});

afterAll(async () => {
  await test.close();
});

const probe = (app: FastifyInstance, url: '/healthz' | '/readyz') => app.inject({ method: 'GET', url });

/** Another app on the file's database, configured as the test app, as createTestApp builds it. */
const appOnTheDatabase = (): Promise<FastifyInstance> => buildAppOn(test);

describe('GET /healthz', () => {
  it('answers 200 ok to anyone, never cached', async () => {
    const response = await probe(test.app, '/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /readyz', () => {
  it('answers 200 ready when the database answers, is migrated and the jobs run', async () => {
    const response = await probe(test.app, '/readyz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  /** The last migration drizzle-kit wrote, as the journal names it. */
  const newestMigrationTag = (): string => readMigrationJournal().at(-1)?.tag ?? '';

  it('answers 503 naming the migration the database lacks, and 200 once it is there', async () => {
    type Applied = { id: number; hash: string; created_at: string };
    const [newest] = await selectRows<Applied>(
      test.db,
      sql`DELETE FROM drizzle.__drizzle_migrations
          WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)
          RETURNING id, hash, created_at::text`,
    );
    if (!newest) throw new Error('no migration recorded');
    try {
      const response = await probe(test.app, '/readyz');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'not ready',
        reason: `migrations not applied: ${newestMigrationTag()}`,
      });
    } finally {
      await test.db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at)
            VALUES (${newest.id}, ${newest.hash}, ${newest.created_at}::bigint)`,
      );
    }
    expect((await probe(test.app, '/readyz')).statusCode).toBe(200);
  });

  it('names every migration of a database the migrator has not run on', async () => {
    // Without the migrator's schema, the database is one it never ran on ("no such schema"), as a new one
    // would be, which takes seconds to make; the jobs run, so the migrations are all that is missing.
    await test.db.execute(sql`ALTER SCHEMA drizzle RENAME TO drizzle_set_aside`);
    try {
      const check = createReadinessCheck({
        db: test.db,
        jobs: { isRunning: () => true },
        isDraining: () => false,
      });
      const tags = readMigrationJournal().map((entry) => entry.tag);
      expect(tags).toContain('0000_extensions');
      expect(await check()).toEqual({ isReady: false, reason: `migrations not applied: ${tags.join(', ')}` });
    } finally {
      await test.db.execute(sql`ALTER SCHEMA drizzle_set_aside RENAME TO drizzle`);
    }
    expect((await probe(test.app, '/readyz')).statusCode).toBe(200);
  });

  it('is not ready once the jobs stop', async () => {
    const jobs = await startJobs({
      db: test.db,
      mailer: test.mail.mailer,
      storage: test.storage,
      log: test.app.log,
      jobs: [],
    });
    const check = createReadinessCheck({ db: test.db, jobs, isDraining: () => false });
    expect(await check()).toEqual({ isReady: true });
    await jobs.stop();
    expect(await check()).toEqual({ isReady: false, reason: 'background jobs not started' });
  });
});

/**
 * A request on a raw keep-alive connection: its head and the first half of its body now; `finish` sends the
 * rest (and what a client sends behind it on the same connection). `answers`: the responses received
 * until the server closes the connection.
 */
const startRawRequest = async (port: number, request: { head: string; body: Buffer }) => {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (text += chunk));
  const answers = new Promise<string[]>((resolve) =>
    socket.on('close', () => resolve(text.split(/(?=HTTP\/1\.1 \d{3} )/))),
  );
  const half = Math.floor(request.body.length / 2);
  socket.write(`${request.head}Content-Length: ${request.body.length}\r\n\r\n`);
  socket.write(request.body.subarray(0, half));
  return {
    finish: (behind = '') => socket.write(Buffer.concat([request.body.subarray(half), Buffer.from(behind)])),
    answers,
  };
};

describe('closing the app while it is in use', () => {
  it('says draining, finishes the upload in flight, ends the streams with a retry hint, and closes promptly', async () => {
    // A second app on the file's database, to close: building one takes a fraction of copying a database.
    // The employee and the collection are in that database, so the second app knows them.
    const closing = await appOnTheDatabase();
    const designer = await signInAs(test, { department: 'DESIGN' });
    const collection = await createCollection(test.db, { cases: [{ statusName: 'Design In Progress' }] });
    const caseId = collection.cases[0]?.case_id ?? 0;
    await closing.listen({ port: 0, host: '127.0.0.1' });
    const { port } = closing.server.address() as net.AddressInfo;
    try {
      const stream = await openTestStream(closing, '/api/v2/stream', { cookie: designer.cookie });
      await stream.next('ready');

      // Two requests whose first half has arrived when the close begins, each on a keep-alive connection
      // (a proxy's): an upload, and a sign-in behind which the proxy will send a readiness probe.
      const content = sampleFiles.stl();
      const upload = multipartBody({ action: 'upload_files', type: 'internal_file' }, [
        { field: 'files', filename: 'in-flight.stl', content },
      ]);
      const uploading = await startRawRequest(port, {
        head:
          `POST /api/v2/case/${caseId}/ HTTP/1.1\r\nHost: lab\r\n` +
          `Authorization: ${designer.headers.authorization}\r\nContent-Type: ${upload.headers['content-type']}\r\n`,
        body: upload.payload,
      });
      const signingIn = await startRawRequest(port, {
        head: 'POST /oauth2/authorize/ HTTP/1.1\r\nHost: lab\r\nContent-Type: application/x-www-form-urlencoded\r\n',
        body: Buffer.from('username=nobody&password=wrong'),
      });
      await new Promise((resolve) => setTimeout(resolve, 200));

      const started = Date.now();
      const closed = closing.close();
      await stream.ended;
      const retry = /retry: (\d+)\n\n$/.exec(stream.body);
      expect(Number(retry?.[1])).toBeGreaterThanOrEqual(1000);
      expect(Number(retry?.[1])).toBeLessThanOrEqual(3000);
      uploading.finish();
      signingIn.finish('GET /readyz HTTP/1.1\r\nHost: lab\r\n\r\n');
      const [uploadAnswers, signInAnswers] = await Promise.all([uploading.answers, signingIn.answers]);
      await closed;
      // Well within the drain budget: the upload's connection, idle after its answer, did not wait out its
      // 72 s keep-alive.
      expect(Date.now() - started).toBeLessThan(3000);

      expect(uploadAnswers).toHaveLength(1);
      expect(uploadAnswers[0]).toMatch(/^HTTP\/1\.1 200 /);
      expect(uploadAnswers[0]).toMatch(/\r\nconnection: keep-alive\r\n/i);
      const [stored] = await test.db.select().from(files).where(eq(files.filename, 'in-flight.stl'));
      expect(stored?.size_bytes).toBe(content.length);
      expect(stored?.sha256).toBe(createHash('sha256').update(content).digest('hex'));

      expect(signInAnswers).toHaveLength(2);
      expect(signInAnswers[0]).toMatch(/^HTTP\/1\.1 401 /);
      expect(signInAnswers[1]).toMatch(/^HTTP\/1\.1 503 /);
      expect(signInAnswers[1]).toMatch(/\r\nconnection: close\r\n/i);
      expect(signInAnswers[1]).toContain('{"status":"not ready","reason":"draining"}');
    } finally {
      await closing.close();
    }
  });
});

const databaseUrl = process.env.TEST_DATABASE_URL;

// PGlite runs inside the process: there is no connection to lose, so this part runs on PostgreSQL only.
describe.skipIf(!databaseUrl)('a database outage (PostgreSQL behind a TCP forwarder)', () => {
  let forwarder: TcpForwarder;
  let handle: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    const client: unknown = (test.db as unknown as { $client: unknown }).$client;
    if (!(client instanceof pg.Pool)) throw new Error('expected PostgreSQL');
    const url = client.options.connectionString ?? '';
    const target = new URL(url);
    forwarder = await startTcpForwarder({ host: target.hostname, port: Number(target.port || 5432) });
    handle = await openDatabase({ kind: 'postgres', url: forwarder.forwardedUrl(url), poolMax: 4 });
    app = await buildAppOn(test, undefined, { db: handle.db, version: 'outage' });
  });

  afterAll(async () => {
    forwarder.restore();
    await app.close();
    await handle.close();
    await forwarder.close();
  });

  it('answers 503 while the connection is cut, and 200 again once it is back', async () => {
    expect((await probe(app, '/readyz')).statusCode).toBe(200);
    forwarder.cut();
    const down = await probe(app, '/readyz');
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'not ready', reason: 'database unreachable' });
    expect((await probe(app, '/healthz')).statusCode).toBe(200);
    forwarder.restore();
    const up = await probe(app, '/readyz');
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({ status: 'ready' });
  });

  it('answers 503 within about 2 s while the database does not answer at all, and 200 once it does', async () => {
    forwarder.hang();
    const started = Date.now();
    const silent = await probe(app, '/readyz');
    const waited = Date.now() - started;
    expect(silent.statusCode).toBe(503);
    expect(silent.json()).toEqual({ status: 'not ready', reason: 'database did not answer within 2 s' });
    expect(waited).toBeGreaterThanOrEqual(1900);
    expect(waited).toBeLessThan(3500);
    forwarder.restore();
    const up = await probe(app, '/readyz');
    expect(up.json()).toEqual({ status: 'ready' });
  });
});
