import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamMessages } from '@lab/domain';
import { notifyFromElsewhere } from '../cache/realtime-test-kit';
import { inTransaction } from '../db/client';
import { notifications, users } from '../db/schema/index';
import { accessPlugin } from '../http/access';
import { registerErrorHandling } from '../http/errors';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../testing';
import { createCollection, type CreatedCollection } from '../testing/factories';
import { placeAt, postOk } from '../modules/messages/messages-test-kit';
import { publishCollectionChanged } from './events';
import { attachRealtimeBus } from './realtime-bus';
import { listenerApplicationName } from './database-listener';
import { registerRealtimeRoutes } from './routes';
import { openTestStream, type TestStream } from './stream-test-kit';

// GET /api/v2/stream through a real socket, opened with the session cookie as a page's EventSource
// opens it: the notification event reaches its employee after a message is posted, collection events
// reach everyone, nothing is sent for a rolled-back change, and a NOTIFY from another process arrives
// (on PostgreSQL through the LISTEN connection; on PGlite in the process).

let test: TestApp;
let designer: SignedInUser;
let author: SignedInUser;
let collection: CreatedCollection;
const streams: TestStream[] = [];

const open = async (path: string, headers: Record<string, string> = {}, app: FastifyInstance = test.app) => {
  const stream = await openTestStream(app, path, headers);
  streams.push(stream);
  return stream;
};
const streamOf = (user: SignedInUser) => open('/api/v2/stream', { cookie: user.cookie });

beforeAll(async () => {
  test = await createTestApp();
  designer = await signInAs(test, { department: 'DESIGN' });
  author = await signInAs(test, { department: 'DESIGN' });
  await placeAt(test, designer.username, 'Melbourne');
  collection = await createCollection(test.db, { cases: [{ statusName: 'Design In Progress' }] });
  await test.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  for (const stream of streams) stream.close();
  await test.close();
});

describe('GET /api/v2/stream', () => {
  it('answers 401 without a session cookie, with an unknown one, or after logout', async () => {
    const loggedOut = await signInAs(test);
    await test.app.inject({ method: 'GET', url: '/oauth2/logout/', headers: { cookie: loggedOut.cookie } });
    for (const headers of [{}, { cookie: 'lab_session=not-a-session' }, { cookie: loggedOut.cookie }]) {
      const response = await test.app.inject({ method: 'GET', url: '/api/v2/stream', headers });
      expect(response.statusCode).toBe(401);
      expect(errorMessage(response)).toBe('Not Logged In');
    }
  });

  it('no longer takes the access token in the URL, nor as a bearer header', async () => {
    for (const request of [
      { url: `/api/v2/stream?access_token=${designer.token}` },
      { url: `/api/v2/stream/?access_token=${designer.token}` },
      { url: '/api/v2/stream', headers: designer.headers },
    ]) {
      const response = await test.app.inject({ method: 'GET', ...request });
      expect(response.statusCode).toBe(401);
      expect(errorMessage(response)).toBe('Not Logged In');
    }
    // Nor does any other route.
    const other = await test.app.inject({
      method: 'GET',
      url: `/api/v2/messages/notifications/?access_token=${designer.token}`,
    });
    expect(other.statusCode).toBe(401);
    expect(errorMessage(other)).toBe('Invalid Token');
  });

  it('streams events unbuffered, starting with ready', async () => {
    const stream = await streamOf(designer);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['cache-control']).toBe('no-cache, no-transform');
    expect(stream.headers['x-accel-buffering']).toBe('no');
    expect(await stream.next('ready')).toEqual({ version: 'test-version' });
    expect(stream.body.startsWith('retry: 5000\n\n')).toBe(true);
  });

  it('pushes the notification to its employee and the collection change to everyone', async () => {
    const mine = await streamOf(designer);
    // The slash form too.
    const theirs = await open('/api/v2/stream/', { cookie: author.cookie });
    await Promise.all([mine.next('ready'), theirs.next('ready')]);
    const message = await postOk(test, author, {
      message_type: 'DESIGN_MESSAGE',
      note: 'Over to you',
      case_collection_uid: collection.uid,
      case_uid: collection.cases[0]?.uid ?? '',
      recipient_reference: designer.username,
    });
    const [row] = await test.db
      .select()
      .from(notifications)
      .where(eq(notifications.message_uid, message.uid));
    expect(await mine.next('notification')).toEqual({ notification_uid: row?.notification_uid });
    expect(await mine.next('collection')).toEqual({ uid: collection.uid });
    expect(await theirs.next('collection')).toEqual({ uid: collection.uid });
    expect(theirs.seen('notification')).toEqual([]);

    // Acknowledging it on one page tells the employee's other pages.
    await test.app.inject({
      method: 'PATCH',
      url: `/api/v2/messages/notification/${row?.notification_uid}/acknowledge`,
      headers: designer.headers,
    });
    expect(await mine.next('notification')).toEqual({ notification_uid: row?.notification_uid });
  });

  it('tells the bell at once when an alert it shows is resolved', async () => {
    const stream = await streamOf(designer);
    await stream.next('ready');
    const alert = await postOk(test, author, {
      message_type: 'ALERTING_MESSAGE',
      note: 'Hold: shade unconfirmed',
      case_collection_uid: collection.uid,
      case_uid: collection.cases[0]?.uid ?? '',
    });
    const [row] = await test.db
      .select({ notification_uid: notifications.notification_uid })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.user_id))
      .where(and(eq(notifications.message_uid, alert.uid), eq(users.username, designer.username)));
    expect(await stream.next('notification')).toEqual({ notification_uid: row?.notification_uid });
    const resolved = await test.app.inject({
      method: 'PATCH',
      url: `/api/v2/message/${alert.uid}/`,
      headers: author.headers,
      payload: { action: 'resolve' },
    });
    expect(resolved.statusCode).toBe(200);
    expect(await stream.next('notification')).toEqual({ notification_uid: row?.notification_uid });
  });

  it('tells every collection of the client about a client note', async () => {
    const sibling = await createCollection(test.db, { client: { id: collection.shipping_client_id } });
    const stream = await streamOf(designer);
    await stream.next('ready');
    await postOk(test, author, {
      message_type: 'CLIENT_NOTE',
      note: 'Pays by card',
      case_collection_uid: sibling.uid,
    });
    const told = [await stream.next('collection'), await stream.next('collection')];
    expect(told).toEqual(expect.arrayContaining([{ uid: collection.uid }, { uid: sibling.uid }]));
  });

  it('sends nothing for a change that was rolled back, and sends it on commit', async () => {
    const stream = await streamOf(designer);
    await stream.next('ready');
    const rolledBack = randomUUID();
    const committed = randomUUID();
    await expect(
      inTransaction(test.db, async (tx) => {
        await publishCollectionChanged(tx, rolledBack);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await inTransaction(test.db, async (tx) => {
      await publishCollectionChanged(tx, committed);
    });
    expect(await stream.next('collection')).toEqual({ uid: committed });
    expect(stream.seen('collection')).toEqual([{ uid: committed }]);
  });

  it('delivers events another server process publishes on the database channel', async () => {
    const stream = await streamOf(designer);
    await stream.next('ready');
    const uid = randomUUID();
    // On PostgreSQL a separate connection, as another process behind the load balancer would have.
    await notifyFromElsewhere(test, [{ type: 'collection', uid }]);
    expect(await stream.next('collection')).toEqual({ uid });
  });
});

describe('GET /api/v2/stream?collections=', () => {
  const streamWatching = (query: string) =>
    open(`/api/v2/stream?collections=${query}`, { cookie: designer.cookie });

  it('carries the changes of the collections a page names, and of every collection when it names none', async () => {
    const watched = randomUUID();
    const other = randomUUID();
    const [watching, watchingOther, watchingNone, hearingAll] = await Promise.all([
      // Case and spaces do not matter; a second uid in the list that no event names costs nothing.
      streamWatching(`${randomUUID()},%20${watched.toUpperCase()}`),
      streamWatching(other),
      streamWatching(''),
      streamOf(designer),
    ]);
    await Promise.all([watching, watchingOther, watchingNone, hearingAll].map((s) => s.next('ready')));
    // An event may name its uid in upper case (as its writer had it).
    await notifyFromElsewhere(test, [
      { type: 'collection', uid: watched },
      { type: 'file_lock', uid: watched.toUpperCase() },
      { type: 'collection', uid: other },
    ]);
    expect(await watching.next('collection')).toEqual({ uid: watched });
    expect(await watching.next('file_lock')).toEqual({ uid: watched.toUpperCase() });
    expect(await watchingOther.next('collection')).toEqual({ uid: other });
    expect(await hearingAll.next('collection')).toEqual({ uid: watched });
    expect(await hearingAll.next('collection')).toEqual({ uid: other });
    // A last event every stream hears: whatever was not sent before it never will be.
    await postOk(test, author, {
      message_type: 'DESIGN_MESSAGE',
      note: 'Marker',
      case_collection_uid: collection.uid,
      case_uid: collection.cases[0]?.uid ?? '',
      recipient_reference: designer.username,
    });
    await Promise.all([watching, watchingOther, watchingNone].map((s) => s.next('notification')));
    expect(watching.seen('collection')).toEqual([{ uid: watched }]);
    expect(watchingOther.seen('collection')).toEqual([{ uid: other }]);
    expect(watchingOther.seen('file_lock')).toEqual([]);
    expect(watchingNone.seen('collection')).toEqual([]);
    expect(watchingNone.seen('file_lock')).toEqual([]);
  });

  it('takes the list given in parts', async () => {
    const watched = randomUUID();
    const stream = await streamWatching(`${randomUUID()}&collections=${watched}`);
    await stream.next('ready');
    await notifyFromElsewhere(test, [{ type: 'collection', uid: watched }]);
    expect(await stream.next('collection')).toEqual({ uid: watched });
  });

  it('refuses a list that is not of collection uids, or too long, and opens no stream', async () => {
    const tooMany = Array.from({ length: 21 }, () => randomUUID()).join(',');
    const inParts = Array.from({ length: 21 }, () => randomUUID()).join('&collections=');
    for (const query of ['not-a-uid', `${randomUUID()},,${randomUUID()}`, tooMany, inParts]) {
      const response = await test.app.inject({
        method: 'GET',
        url: `/api/v2/stream?collections=${query}`,
        headers: { cookie: designer.cookie },
      });
      expect(response.statusCode).toBe(400);
      expect(errorMessage(response)).toBe(streamMessages.collectionsInvalid);
    }
  });
});

describe('the LISTEN connection on PostgreSQL', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)('reconnects after the database drops it', async () => {
    const stream = await streamOf(designer);
    await stream.next('ready');
    const killed = await test.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = ${listenerApplicationName}`,
    );
    expect((killed as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    // Events while it is down are lost (the pages' polling covers them); keep publishing until one lands.
    const uid = randomUUID();
    const deadline = Date.now() + 10_000;
    while (stream.seen('collection').length === 0 && Date.now() < deadline) {
      await publishCollectionChanged(test.db, uid);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(stream.seen('collection')).toContainEqual({ uid });
  });
});

describe('stream lifetime', () => {
  let mini: FastifyInstance;

  /** The stream routes alone on their own server (buildApp takes no heartbeat option). */
  const streamOnlyApp = async (heartbeatMs?: number): Promise<FastifyInstance> => {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    await app.register(cookie);
    const realtime = attachRealtimeBus(app, test.db);
    await app.register(accessPlugin, { db: test.db, realtime });
    registerRealtimeRoutes(app, { db: test.db, realtime, version: 'mini', heartbeatMs });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return app;
  };

  beforeAll(async () => {
    // A heartbeat short enough to watch.
    mini = await streamOnlyApp(100);
  });

  afterAll(async () => {
    await mini.close();
  });

  it('sends heartbeats, and ends with expired once the session is logged out', async () => {
    const user = await signInAs(test);
    const stream = await open('/api/v2/stream', { cookie: user.cookie }, mini);
    await stream.next('ready');
    expect(await stream.next(':heartbeat')).toBe('heartbeat');
    const logout = await test.app.inject({
      method: 'GET',
      url: '/oauth2/logout/',
      headers: { cookie: user.cookie },
    });
    expect(logout.statusCode).toBeLessThan(400);
    expect(await stream.next('expired')).toEqual({});
    await stream.ended;
  });

  it('outlives the 15-minute bearer tokens: only the session counts', async () => {
    const user = await signInAs(test);
    const stream = await open('/api/v2/stream', { cookie: user.cookie }, mini);
    await stream.next('ready');
    await test.db.execute(
      sql`UPDATE access_tokens SET expires_at = now() - interval '1 second'
          WHERE session_id IN (SELECT s.id FROM sessions s JOIN users u ON u.id = s.user_id
                               WHERE u.username = ${user.username})`,
    );
    await stream.next(':heartbeat');
    await stream.next(':heartbeat');
    expect(stream.seen('expired')).toEqual([]);
  });

  it('closes open streams when the server closes', async () => {
    const other = await streamOnlyApp();
    const stream = await open('/api/v2/stream', { cookie: designer.cookie }, other);
    await stream.next('ready');
    await other.close();
    await stream.ended;
  });
});
