import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageSchema, messageTextsExtra, type Message } from '@lab/domain';
import { audit_events, message_read_receipts, messages, notifications } from '../../db/schema/index';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createCollection, type CreatedCollection } from '../../testing/factories';
import { hearEvents } from '../../realtime/heard-events-test-kit';
import { patchMessage, placeAt, postOk, userIdOf } from './messages-test-kit';

// PATCH /api/v2/message/{uid}/ {action: resolve | read}.

let test: TestApp;
let designer: SignedInUser;
let colleague: SignedInUser;
let collection: CreatedCollection;
let caseUid: string;

beforeAll(async () => {
  test = await createTestApp();
  designer = await signInAs(test, { department: 'DESIGN' });
  colleague = await signInAs(test, { department: 'DESIGN' });
  await placeAt(test, colleague.username, 'Melbourne');
  collection = await createCollection(test.db, { cases: [{ statusName: 'Design In Progress' }] });
  caseUid = collection.cases[0]?.uid ?? '';
});

afterAll(async () => {
  await test.close();
});

const post = (fields: Record<string, string>) =>
  postOk(test, designer, { case_collection_uid: collection.uid, case_uid: caseUid, note: 'Look', ...fields });

describe('PATCH /api/v2/message/{uid}/', () => {
  it('answers 401 without a token', async () => {
    const message = await post({ message_type: 'ALERTING_MESSAGE' });
    const response = await patchMessage(test, null, message.uid, 'resolve');
    expect(response.statusCode).toBe(401);
    expect(errorMessage(response)).toBe('Invalid Token');
  });

  it.each([
    ['an unknown', '00000000-0000-4000-8000-000000000000'],
    ['a malformed', 'x%20y'],
  ])('answers 404 for %s message', async (_name, uid) => {
    const response = await patchMessage(test, designer, uid, 'read');
    expect(response.statusCode).toBe(404);
    expect(errorMessage(response)).toBe(messageTextsExtra.messageNotFound);
  });

  it('answers 400 for an unknown action', async () => {
    const message = await post({ message_type: 'CASE_NOTE' });
    const response = await patchMessage(test, designer, message.uid, 'delete');
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toBe('Invalid action');
  });

  it('resolves an open alert once, with who and when and an audit row', async () => {
    const message = await post({ message_type: 'ALERTING_MESSAGE' });
    const response = await patchMessage(test, colleague, message.uid, 'resolve');
    expect(response.statusCode).toBe(200);
    const resolved = messageSchema.parse(response.json());
    expect(resolved).toMatchObject({ uid: message.uid, resolved_by: colleague.username });
    expect(resolved.resolved_at).not.toBeNull();
    const [audit] = await test.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.entity_id, message.uid), eq(audit_events.action, 'resolved')));
    expect(audit).toMatchObject({
      entity_type: 'message',
      actor_reference: colleague.username,
      case_uid: caseUid,
    });

    const again = await patchMessage(test, designer, message.uid, 'resolve');
    expect(again.statusCode).toBe(409);
    expect(errorMessage(again)).toBe(messageTextsExtra.alreadyResolved);
    const [row] = await test.db.select().from(messages).where(eq(messages.uid, message.uid));
    expect(row?.resolved_by_id).toBe(await userIdOf(test, colleague.username));
  });

  it('resolves a customer service note, and refuses a message that is not resolvable', async () => {
    const serviceNote = await post({ message_type: 'CUSTOMER_SERVICE_NOTE' });
    expect((await patchMessage(test, designer, serviceNote.uid, 'resolve')).statusCode).toBe(200);
    const caseNote = await post({ message_type: 'CASE_NOTE' });
    const response = await patchMessage(test, designer, caseNote.uid, 'resolve');
    expect(response.statusCode).toBe(409);
    expect(errorMessage(response)).toBe(messageTextsExtra.notResolvable);
  });

  it('turns a resolved alert’s notifications into ones that expire', async () => {
    const message = await post({ message_type: 'ALERTING_MESSAGE' });
    const colleagueId = await userIdOf(test, colleague.username);
    const before = await test.db
      .select()
      .from(notifications)
      .where(eq(notifications.message_uid, message.uid));
    expect(before.map((n) => [n.user_id, n.expires_at])).toEqual([[colleagueId, null]]);
    await patchMessage(test, designer, message.uid, 'resolve');
    const [after] = await test.db
      .select()
      .from(notifications)
      .where(eq(notifications.message_uid, message.uid));
    expect(after?.expires_at?.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
  });

  it('records one read receipt per reader, keeps the first time, and acknowledges their notification', async () => {
    const message = await post({ message_type: 'DESIGN_MESSAGE' });
    const heard = hearEvents();
    const first = await patchMessage(test, colleague, message.uid, 'read');
    expect(first.statusCode).toBe(200);
    // Other pages of the collection show who read it: they are told, once, and not for a repeat.
    expect(heard.collections()).toEqual([collection.uid]);
    const read = first.json<Message>();
    expect(read.message_seen).toBe(true);
    expect(read.read_receipts.map((r) => r.read_by)).toEqual([colleague.username]);
    const [notification] = await test.db
      .select()
      .from(notifications)
      .where(eq(notifications.message_uid, message.uid));
    expect(notification?.delivered_at).not.toBeNull();

    const again = await patchMessage(test, colleague, message.uid, 'read');
    expect(again.json<Message>().read_receipts).toEqual(read.read_receipts);
    expect(heard.collections()).toEqual([collection.uid]);
    heard.stop();

    const byAuthor = await patchMessage(test, designer, message.uid, 'read');
    expect(byAuthor.json<Message>().read_receipts.map((r) => r.read_by)).toEqual([
      colleague.username,
      designer.username,
    ]);
    const receipts = await test.db
      .select()
      .from(message_read_receipts)
      .where(eq(message_read_receipts.message_uid, message.uid));
    expect(receipts).toHaveLength(2);
  });
});
