import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  notificationListSchema,
  notificationSchema,
  notificationTexts,
  type Notification,
} from '@lab/domain';
import { notifications } from '../../db/schema/index';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createCollection, type CreatedCollection } from '../../testing/factories';
import { userIdOf } from '../messages/messages-test-kit';
import { publishNotificationEvents } from '../../realtime/events';

// The bell: GET /api/v2/messages/notifications/ (open ones, newest first, ETag/304) and
// PATCH /api/v2/messages/notification/{notification_uid}/acknowledge | dismiss | ignore.

let test: TestApp;
let me: SignedInUser;
let someoneElse: SignedInUser;
let myId: number;
let otherId: number;
let collection: CreatedCollection;

const listUrl = '/api/v2/messages/notifications/';

const insertNotification = async (values: Partial<typeof notifications.$inferInsert> = {}) => {
  const [row] = await test.db
    .insert(notifications)
    .values({
      user_id: myId,
      message_type: 'DESIGN_MESSAGE',
      note: 'Please look',
      author_reference: 'alice',
      case_uid: collection.cases[0]?.uid ?? null,
      case_collection_uid: collection.uid,
      expires_at: new Date(Date.now() + 86_400_000),
      ...values,
    })
    .returning();
  if (!row) throw new Error('no notification');
  // As the app's writes do (create-notifications.ts): the bell's cache hears it.
  await publishNotificationEvents(test.db, [row]);
  return row;
};

const list = (user: SignedInUser | null = me, headers: Record<string, string> = {}) =>
  test.app.inject({ method: 'GET', url: listUrl, headers: { ...(user ? user.headers : {}), ...headers } });

const act = (uid: string, action: string, user: SignedInUser | null = me, slash = '') =>
  test.app.inject({
    method: 'PATCH',
    url: `/api/v2/messages/notification/${uid}/${action}${slash}`,
    headers: user ? user.headers : {},
  });

beforeAll(async () => {
  test = await createTestApp();
  me = await signInAs(test);
  someoneElse = await signInAs(test);
  myId = await userIdOf(test, me.username);
  otherId = await userIdOf(test, someoneElse.username);
  collection = await createCollection(test.db, { cases: [{ jobTypeName: 'Design Only' }] });
});

afterAll(async () => {
  await test.close();
});

describe('GET /api/v2/messages/notifications/', () => {
  it('answers 401 without a token', async () => {
    const response = await list(null);
    expect(response.statusCode).toBe(401);
    expect(errorMessage(response)).toBe('Invalid Token');
  });

  it('lists my open notifications newest first, with their case and collection', async () => {
    const older = await insertNotification({ created_at: new Date(Date.now() - 60_000), note: 'older' });
    const newer = await insertNotification({ note: 'newer', expires_at: null });
    await insertNotification({ note: 'dismissed', dismissed_at: new Date() });
    await insertNotification({ note: 'ignored', ignored_at: new Date() });
    await insertNotification({ note: 'expired', expires_at: new Date(Date.now() - 1000) });
    await insertNotification({ note: 'not mine', user_id: otherId });
    await insertNotification({ note: 'no case', case_uid: null, case_collection_uid: null });
    const response = await list();
    expect(response.statusCode).toBe(200);
    const listed = notificationListSchema.parse(response.json());
    expect(listed.map((n) => n.note)).toEqual(['no case', 'newer', 'older']);
    expect(listed[1]).toMatchObject({
      notification_uid: newer.notification_uid,
      expires_at: null,
      case: { case_mkey: collection.cases[0]?.case_mkey, job_type: 'Design Only' },
      collection: { collection_id: collection.collection_id },
    });
    expect(listed[0]).toMatchObject({ case: null, collection: null });
    expect(listed[2]?.notification_uid).toBe(older.notification_uid);
  });

  it('answers 304 while nothing changed, and the list again once something did', async () => {
    const first = await list();
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const unchanged = await list(me, { 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect((await list(me, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
    // Another employee's bell has its own tag.
    expect((await list(someoneElse, { 'if-none-match': etag })).statusCode).toBe(200);
    await insertNotification({ note: 'fresh' });
    const changed = await list(me, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });
});

describe('PATCH /api/v2/messages/notification/{notification_uid}/…', () => {
  it.each(['acknowledge', 'dismiss', 'ignore'])('answers 401 to %s without a token', async (action) => {
    const row = await insertNotification();
    const response = await act(row.notification_uid, action, null);
    expect(response.statusCode).toBe(401);
    expect(errorMessage(response)).toBe('Invalid Token');
  });

  it('answers 404 for another employee’s, an unknown or a malformed notification', async () => {
    const theirs = await insertNotification({ user_id: otherId });
    for (const uid of [theirs.notification_uid, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const response = await act(uid, 'dismiss');
      expect(response.statusCode).toBe(404);
      expect(errorMessage(response)).toBe(notificationTexts.notFound);
    }
    const [row] = await test.db
      .select()
      .from(notifications)
      .where(eq(notifications.notification_uid, theirs.notification_uid));
    expect(row?.dismissed_at).toBeNull();
  });

  it('acknowledges once: the first delivery time stays', async () => {
    const row = await insertNotification();
    const first = await act(row.notification_uid, 'acknowledge');
    expect(first.statusCode).toBe(200);
    const delivered = notificationSchema.parse(first.json()).delivered_at;
    expect(delivered).not.toBeNull();
    const again = await act(row.notification_uid, 'acknowledge', me, '/');
    expect(again.statusCode).toBe(200);
    expect(again.json<Notification>().delivered_at).toBe(delivered);
  });

  it('dismisses (Actioned), taking it off the list', async () => {
    const row = await insertNotification({ note: 'to dismiss', expires_at: null });
    const response = await act(row.notification_uid, 'dismiss');
    expect(response.statusCode).toBe(200);
    expect(response.json<Notification>().notification_uid).toBe(row.notification_uid);
    const listed = (await list()).json<Notification[]>();
    expect(listed.map((n) => n.notification_uid)).not.toContain(row.notification_uid);
  });

  it('ignores only a notification that expires', async () => {
    const expiring = await insertNotification({ note: 'to ignore' });
    const ignored = await act(expiring.notification_uid, 'ignore', me, '/');
    expect(ignored.statusCode).toBe(200);
    expect((await list()).json<Notification[]>().map((n) => n.note)).not.toContain('to ignore');

    const sticky = await insertNotification({ note: 'alert', expires_at: null });
    const refused = await act(sticky.notification_uid, 'ignore');
    expect(refused.statusCode).toBe(409);
    expect(errorMessage(refused)).toBe(notificationTexts.cannotIgnore);
    const [row] = await test.db
      .select()
      .from(notifications)
      .where(eq(notifications.notification_uid, sticky.notification_uid));
    expect(row?.ignored_at).toBeNull();
  });

  it('answers 404 for an action that does not exist', async () => {
    const row = await insertNotification();
    const response = await act(row.notification_uid, 'snooze');
    expect(response.statusCode).toBe(404);
  });
});
