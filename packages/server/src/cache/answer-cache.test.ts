import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../db/client';
import { branches, notifications, sessions, statuses, users } from '../db/schema/index';
import { holdFileLock } from '../modules/files/file-lock';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../testing';
import { listenerApplicationName } from '../realtime/database-listener';
import { createCollection } from '../testing/factories';
import { eventually, notifyFromElsewhere as notifyFromElsewhereIn } from './realtime-test-kit';

// The in-process caches through the real routes: every cached list and poll answers a strong ETag and a
// bodiless 304; an admin's write shows at once with a new ETag; an event another process publishes on
// the database channel (a raw NOTIFY here) drops what it names; a logout stops the session's tokens.

let test: TestApp;
let staff: SignedInUser;
let admin: SignedInUser;
let melbourne: number;

const get = (url: string, user: SignedInUser = staff, headers: Record<string, string> = {}) =>
  test.app.inject({ method: 'GET', url, headers: { ...user.headers, ...headers } });

const notifyFromElsewhere = (events: Parameters<typeof notifyFromElsewhereIn>[1]) =>
  notifyFromElsewhereIn(test, events);

const expectEtagAnd304 = async (url: string, user: SignedInUser = staff): Promise<string> => {
  const first = await get(url, user);
  expect(first.statusCode).toBe(200);
  expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(first.headers['cache-control']).toBe('private, no-cache');
  const etag = String(first.headers.etag);
  expect(etag).toMatch(/^"[\w-]{32}"$/);
  const again = await get(url, user);
  expect(again.headers.etag).toBe(etag);
  expect(again.body).toBe(first.body);
  const unchanged = await get(url, user, { 'if-none-match': etag });
  expect(unchanged.statusCode).toBe(304);
  expect(unchanged.body).toBe('');
  expect(unchanged.headers['content-length']).toBeUndefined();
  const weak = await get(url, user, { 'if-none-match': `"other", W/${etag}` });
  expect(weak.statusCode).toBe(304);
  return etag;
};

beforeAll(async () => {
  test = await createTestApp();
  staff = await signInAs(test, { department: 'DESIGN' });
  admin = await signInAs(test, { admin: true });
  const [row] = await test.db
    .select({ id: branches.id })
    .from(branches)
    .where(eq(branches.name, 'Melbourne'));
  melbourne = row?.id ?? 0;
});
afterAll(() => test.close());

describe('cached lists answer a strong ETag and 304', () => {
  const lists = [
    '/api/v2/case/statuses/',
    '/api/v2/case/employees/',
    '/api/v2/case/branches/',
    '/api/v2/case/materials/',
    '/api/v2/case/material_types/',
    '/api/v2/case/job_types/',
    '/api/v2/case/kit_list/',
    '/api/v2/case/partners/',
    '/api/v2/messages/types/',
    '/api/v2/approvals/types/',
    '/api/v2/collections/order_stages/',
    '/api/v2/checklist_templates/',
    '/api/v2/dispatches/couriers/',
  ];
  for (const url of lists) {
    it(`GET ${url}`, async () => {
      await expectEtagAnd304(url);
    });
  }

  it('GET the implant catalogue, one entry per branch and country', async () => {
    for (const kind of ['implant_platforms', 'components/screws', 'components/tibases']) {
      const au = await expectEtagAnd304(`/api/v2/${kind}/${melbourne}/AU/`);
      expect((await get(`/api/v2/${kind}/${melbourne}/au/`)).headers.etag).toBe(au);
      expect((await get(`/api/v2/${kind}/999999/AU/`)).json()).toEqual([]);
    }
  });

  it('GET the printers (admin only: 403 for staff, even with a warm cache)', async () => {
    await expectEtagAnd304('/api/v2/printers/', admin);
    const refused = await get('/api/v2/printers/');
    expect(refused.statusCode).toBe(403);
    expect(errorMessage(refused)).toBe('Only administrators manage printers');
  });

  it('still answers 401 without a token', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/v2/case/statuses/' });
    expect(response.statusCode).toBe(401);
    expect(errorMessage(response)).toBe('Invalid Token');
  });
});

describe('invalidation', () => {
  it("shows an admin's new printer at once, with a new ETag", async () => {
    const before = await expectEtagAnd304('/api/v2/printers/', admin);
    const created = await test.app.inject({
      method: 'POST',
      url: '/api/v2/printers/',
      headers: admin.headers,
      payload: {
        printer_name: 'Cache Test Label',
        print_type: 'label',
        branch_id: melbourne,
        destination: 'pdf',
      },
    });
    expect(created.statusCode).toBe(201);
    const after = await get('/api/v2/printers/', admin, { 'if-none-match': before });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before);
    expect(after.json<{ printer_name: string }[]>().map((p) => p.printer_name)).toContain('Cache Test Label');
  });

  it("shows an admin's new checklist template at once, with a new ETag", async () => {
    const before = await expectEtagAnd304('/api/v2/checklist_templates/');
    const created = await test.app.inject({
      method: 'POST',
      url: '/api/v2/checklist_templates/',
      headers: admin.headers,
      payload: { job_type_id: null, name: 'Cache test step', department: 'DESIGN' },
    });
    expect(created.statusCode).toBe(201);
    const after = await get('/api/v2/checklist_templates/', staff, { 'if-none-match': before });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before);
    expect(after.json<{ name: string }[]>().map((t) => t.name)).toContain('Cache test step');
  });

  it('shows a new employee (the user CLI publishes) in the employee list', async () => {
    const before = await expectEtagAnd304('/api/v2/case/employees/');
    const newcomer = await signInAs(test);
    const after = await get('/api/v2/case/employees/');
    expect(after.headers.etag).not.toBe(before);
    expect(after.json<{ username: string }[]>().map((e) => e.username)).toContain(newcomer.username);
  });

  it("drops a list when another process's event arrives on the database channel", async () => {
    const before = await expectEtagAnd304('/api/v2/case/statuses/');
    // Changed behind the application's back: the warm cache still answers what it holds…
    await test.db
      .update(statuses)
      .set({ description: 'Changed elsewhere' })
      .where(eq(statuses.name, 'Ready for Dispatch'));
    expect((await get('/api/v2/case/statuses/', staff, { 'if-none-match': before })).statusCode).toBe(304);
    // …until the event of that change arrives.
    await notifyFromElsewhere([{ type: 'reference', list: 'statuses' }]);
    await eventually(async () => (await get('/api/v2/case/statuses/')).headers.etag !== before);
    const after = await get('/api/v2/case/statuses/');
    expect(after.json<{ name: string; description: string }[]>()).toContainEqual(
      expect.objectContaining({ name: 'Ready for Dispatch', description: 'Changed elsewhere' }),
    );
    // A seed's reset drops every list too.
    const etag = String(after.headers.etag);
    await test.db
      .update(statuses)
      .set({ description: 'Reset' })
      .where(eq(statuses.name, 'Ready for Dispatch'));
    await notifyFromElsewhere([{ type: 'reset' }]);
    await eventually(async () => (await get('/api/v2/case/statuses/')).headers.etag !== etag);
  });

  it('keeps nothing that was loaded while an invalidation overtook it', async () => {
    // Many reads racing one write: whatever the interleaving, the list settles on the committed rows.
    const reads = Array.from({ length: 10 }, () => get('/api/v2/case/branches/'));
    await test.db.update(branches).set({ name: 'Melbourne CBD' }).where(eq(branches.id, melbourne));
    await notifyFromElsewhere([{ type: 'reference', list: 'branches' }]);
    await Promise.all(reads);
    await eventually(async () =>
      (await get('/api/v2/case/branches/'))
        .json<{ name: string }[]>()
        .some((b) => b.name === 'Melbourne CBD'),
    );
    await test.db.update(branches).set({ name: 'Melbourne' }).where(eq(branches.id, melbourne));
    await notifyFromElsewhere([{ type: 'reference', list: 'branches' }]);
  });
});

describe('the hot polls', () => {
  it('the bell: 304 while unchanged, the new list once a notification event arrives', async () => {
    const url = '/api/v2/messages/notifications/';
    const etag = await expectEtagAnd304(url);
    expect((await get(url)).headers.vary).toBe('Authorization');
    const [me] = await selectRows<{ id: number }>(
      test.db,
      sql`SELECT id FROM users WHERE username = ${staff.username}`,
    );
    const collection = await createCollection(test.db, { cases: [{}] });
    const notificationUid = randomUUID();
    await test.db.insert(notifications).values({
      notification_uid: notificationUid,
      user_id: me?.id ?? 0,
      message_type: 'DESIGN_MESSAGE',
      note: 'From elsewhere',
      author_reference: 'alice',
      case_collection_uid: collection.uid,
    });
    await notifyFromElsewhere([
      { type: 'notification', user_id: me?.id ?? 0, notification_uid: notificationUid },
    ]);
    await eventually(async () => (await get(url, staff, { 'if-none-match': etag })).statusCode === 200);
    expect((await get(url)).json<{ note: string }[]>().map((n) => n.note)).toContain('From elsewhere');
  });

  it('the file lock: a new answer when a lease is taken and when it is released', async () => {
    const collection = await createCollection(test.db, { cases: [{}] });
    const url = `/api/v2/event/${collection.uid}/?queue=true`;
    const unlocked = await expectEtagAnd304(url);
    let release: () => void = () => undefined;
    const running = holdFileLock(
      test.db,
      collection.uid,
      () => new Promise<void>((done) => (release = done)),
    );
    await eventually(async () => (await get(url)).json<{ locked: boolean }>().locked);
    const locked = await get(url, staff, { 'if-none-match': unlocked });
    expect(locked.statusCode).toBe(200);
    expect(locked.headers.vary).toBe('Authorization');
    release();
    await running;
    const after = await get(url, staff, { 'if-none-match': String(locked.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ locked: false, locked_until: null });
    expect(after.headers.etag).toBe(unlocked);
  });

  it('the file lock: a lease taken elsewhere shows once its event arrives, and ends by time', async () => {
    const collection = await createCollection(test.db, { cases: [{}] });
    const url = `/api/v2/event/${collection.uid}/?queue=true`;
    const unlocked = await expectEtagAnd304(url);
    await test.db.execute(
      sql`UPDATE collections SET file_lock_until = now() + interval '1 second' WHERE uid = ${collection.uid}`,
    );
    await notifyFromElsewhere([{ type: 'file_lock', uid: collection.uid }]);
    await eventually(async () => (await get(url)).json<{ locked: boolean }>().locked);
    // No event when the lease runs out: the kept answer ends with it.
    await eventually(async () => (await get(url, staff, { 'if-none-match': unlocked })).statusCode === 304);
  });

  it('hears another process about a collection whose id is not an RFC 9562 uuid (the database takes any)', async () => {
    const collection = await createCollection(test.db, { cases: [] });
    // A uuid PostgreSQL stores but whose variant digit RFC 9562 would refuse (imported or made by hand).
    const uid = '11111111-1111-1111-1111-111111111111';
    await test.db.execute(sql`UPDATE collections SET uid = ${uid} WHERE uid = ${collection.uid}`);
    const url = `/api/v2/event/${uid}/?queue=true`;
    const unlocked = await expectEtagAnd304(url);
    await test.db.execute(
      sql`UPDATE collections SET file_lock_until = now() + interval '10 minutes' WHERE uid = ${uid}`,
    );
    await notifyFromElsewhere([{ type: 'file_lock', uid }]);
    await eventually(async () => (await get(url, staff, { 'if-none-match': unlocked })).statusCode === 200);
    expect((await get(url)).json<{ locked: boolean }>().locked).toBe(true);
  });
});

describe('bearer tokens cached in the process', () => {
  it('a logout stops every token of the session at once', async () => {
    const user = await signInAs(test);
    expect((await get('/api/v2/case/statuses/', user)).statusCode).toBe(200);
    const logout = await test.app.inject({
      method: 'GET',
      url: '/oauth2/logout/',
      headers: { cookie: user.cookie },
    });
    expect(logout.statusCode).toBe(303);
    const after = await get('/api/v2/case/statuses/', user);
    expect(after.statusCode).toBe(401);
    expect(errorMessage(after)).toBe('Invalid Token');
  });

  it("a session ended by another process stops its tokens when that process's event arrives", async () => {
    const user = await signInAs(test);
    expect((await get('/api/me/', user)).statusCode).toBe(200);
    const [session] = await test.db
      .update(sessions)
      .set({ ended_at: sql`now()` })
      .where(sql`${sessions.user_id} = (SELECT id FROM users WHERE username = ${user.username})`)
      .returning({ id: sessions.id });
    await notifyFromElsewhere([{ type: 'session_ended', session_id: session?.id ?? '' }]);
    await eventually(async () => (await get('/api/me/', user)).statusCode === 401);
    expect(errorMessage(await get('/api/me/', user))).toBe('Invalid Token');
  });
});

describe('employee records', () => {
  it("reads a changed employee's token again once the change is published", async () => {
    const user = await signInAs(test);
    expect((await get('/api/me/', user)).json<{ admin: boolean }>().admin).toBe(false);
    const changed = await test.db
      .update(users)
      .set({ admin: true })
      .where(eq(users.username, user.username))
      .returning({ id: users.id });
    await notifyFromElsewhere(changed.map((row) => ({ type: 'user' as const, user_id: row.id })));
    await eventually(async () => (await get('/api/me/', user)).json<{ admin: boolean }>().admin);
  });
});

describe('the LISTEN connection on PostgreSQL', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)('clears and bypasses the caches while it is lost', async () => {
    const before = await expectEtagAnd304('/api/v2/collections/order_stages/');
    await test.db.execute(sql`UPDATE order_stages SET name = name || ' (renamed)'`);
    await test.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = ${listenerApplicationName}`,
    );
    // No event told anyone of the rename, but losing the channel dropped the list.
    await eventually(async () => (await get('/api/v2/collections/order_stages/')).headers.etag !== before);
    expect((await get('/api/v2/collections/order_stages/')).body).toContain('(renamed)');
  });
});
