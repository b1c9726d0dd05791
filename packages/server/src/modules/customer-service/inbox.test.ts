import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerServiceInboxSchema, customerServiceMessages, type CustomerServiceInbox } from '@lab/domain';
import { approvals, audit_events, cases, users } from '../../db/schema/index';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createCollection, type CreatedCollection } from '../../testing/factories';
import { openTestStream, type TestStream } from '../../realtime/stream-test-kit';
import { createApprovalCalls, inMinutes } from '../approvals/approvals-test-kit';
import { postOk } from '../messages/messages-test-kit';
import { createPortalCalls } from '../portal/portal-test-kit';

// The Customer Service inbox through the real app, on a crafted lab: a client's message waits until
// staff reply to the client; an approval waits until answered; a case the lab will finish late waits
// until the client is told (and again when it moves later); Check-in's question waits for the client.
// Items are assigned and marked done with audit rows, and the open inboxes hear of a client's message.

let test: TestApp;
let support: SignedInUser;
let supportId: number;
let melbourne: CreatedCollection;
let auckland: CreatedCollection;
const streams: TestStream[] = [];

const inbox = async (user: SignedInUser = support, branch = ''): Promise<CustomerServiceInbox> => {
  const response = await test.app.inject({
    method: 'GET',
    url: `/api/v2/customer_service/${branch}`,
    headers: user.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return customerServiceInboxSchema.parse(response.json());
};

const caseUid = (collection: CreatedCollection) => collection.cases[0]?.uid ?? '';

beforeAll(async () => {
  test = await createTestApp();
  support = await signInAs(test, { department: 'SUPPORT' });
  const [row] = await test.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, support.username));
  supportId = row?.id ?? 0;
  melbourne = await createCollection(test.db, {
    clientName: 'Northside Dental',
    cases: [{ statusName: 'Design In Progress' }],
  });
  auckland = await createCollection(test.db, {
    clientName: 'Harbour Dental',
    country: 'NZ',
    cases: [{ statusName: 'Design In Progress' }],
  });
  await test.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await test.close();
});

describe('clients waiting for a reply', () => {
  it('lists a client message until staff write to the client, in the branch of its collection only', async () => {
    const stream = await openTestStream(test.app, '/api/v2/stream?collections=&customer_service=1', {
      cookie: support.cookie,
    });
    streams.push(stream);
    await stream.next('ready');
    const portal = createPortalCalls(test, melbourne.portal_key);
    const sent = await portal.message({ note: 'Could the shade be A1 instead?' });
    expect(sent.statusCode).toBe(200);
    // The open inboxes hear of it at once.
    expect(await stream.next('client_waiting')).toMatchObject({ uid: melbourne.uid });

    const waiting = (await inbox()).client_messages;
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({
      collection_uid: melbourne.uid,
      client_name: 'Northside Dental',
      kind: 'message',
      excerpt: 'Could the shade be A1 instead?',
      sla: 'ok',
      assignee: null,
    });
    // Auckland's inbox does not list Melbourne's client.
    const aucklandBranch = (await inbox(support, `?branch_id=${String(auckland.fulfillment_branch_id)}`))
      .client_messages;
    expect(aucklandBranch).toEqual([]);

    // A note among staff is no reply; a message to the client is.
    await postOk(test, support, {
      message_type: 'CASE_NOTE',
      note: 'Asked design about A1',
      case_collection_uid: melbourne.uid,
      case_uid: caseUid(melbourne),
    });
    expect((await inbox()).client_messages).toHaveLength(1);
    await postOk(test, support, {
      message_type: 'CLIENT_MESSAGE',
      note: 'Yes, A1 it is.',
      case_collection_uid: melbourne.uid,
    });
    expect((await inbox()).client_messages).toEqual([]);
  });

  it('is assigned to a person and marked done without a reply, each with its audit row', async () => {
    const portal = createPortalCalls(test, melbourne.portal_key);
    await portal.message({ note: 'Thanks, all good!' });
    const [item] = (await inbox()).client_messages;
    if (!item) throw new Error('no item');
    const assign = (assignee_id: unknown, key = item.key) =>
      test.app.inject({
        method: 'PUT',
        url: `/api/v2/customer_service/items/${encodeURIComponent(key)}/`,
        headers: support.headers,
        payload: { assignee_id },
      });
    const assigned = await assign(supportId);
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().assignee.id).toBe(supportId);
    expect((await inbox()).client_messages[0]?.assignee?.id).toBe(supportId);

    expect((await assign(987_654)).statusCode).toBe(400);
    expect(errorMessage(await assign(987_654))).toBe(customerServiceMessages.unknownEmployee);
    expect((await assign(supportId, 'message:00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await assign(supportId, 'invoice:1')).statusCode).toBe(400);

    const done = await test.app.inject({
      method: 'POST',
      url: `/api/v2/customer_service/items/${encodeURIComponent(item.key)}/done/`,
      headers: support.headers,
    });
    expect(done.statusCode).toBe(200);
    expect((await inbox()).client_messages).toEqual([]);
    const audit = await test.db
      .select({ action: audit_events.action })
      .from(audit_events)
      .where(eq(audit_events.entity_id, item.key));
    expect(audit.map((row) => row.action)).toEqual(['assigned', 'done']);
  });
});

describe('what the lab waits on', () => {
  it('lists an approval until the client answers it, overdue once its due time passed', async () => {
    const calls = createApprovalCalls(test, support);
    const created = await calls.create({
      approval_type: 'DESIGN_APPROVAL',
      case_uid: caseUid(melbourne),
      approval_due_at: inMinutes(60),
    });
    expect(created.statusCode, created.body).toBe(200);
    // Its due time passes.
    await test.db
      .update(approvals)
      .set({ approval_due_at: new Date(Date.now() - 60_000) })
      .where(eq(approvals.case_uid, caseUid(melbourne)));
    const [approval] = (await inbox()).approvals;
    expect(approval).toMatchObject({
      approval_type: 'Design Approval',
      is_overdue: true,
      client_name: 'Northside Dental',
    });
    const answered = await createPortalCalls(test, melbourne.portal_key).answer(
      approval?.approval_uid ?? '',
      {
        action: 'approve',
      },
    );
    expect(answered.statusCode).toBe(200);
    expect((await inbox()).approvals).toEqual([]);
  });

  it('lists a case the lab will finish late until the client is told, and again when it moves later', async () => {
    const late = new Date(Date.now() + 5 * 86_400_000);
    await test.db
      .update(cases)
      .set({ buffer_time_seconds: -3 * 3600 - 60, internal_due: late })
      .where(eq(cases.uid, caseUid(melbourne)));
    const [item] = (await inbox()).due_moved;
    expect(item).toMatchObject({ case_uid: caseUid(melbourne), late_by_hours: 4 });
    await test.app.inject({
      method: 'POST',
      url: `/api/v2/customer_service/items/${encodeURIComponent(item?.key ?? '')}/done/`,
      headers: support.headers,
    });
    expect((await inbox()).due_moved).toEqual([]);
    await test.db
      .update(cases)
      .set({ internal_due: new Date(late.getTime() + 86_400_000) })
      .where(eq(cases.uid, caseUid(melbourne)));
    expect((await inbox()).due_moved).toHaveLength(1);
  });

  it('lists what Check-in asked the clinic for until the clinic writes back', async () => {
    const asked = await test.app.inject({
      method: 'POST',
      url: `/api/v2/case/${caseUid(auckland)}/request_information/`,
      headers: support.headers,
      payload: { checks: ['bite_scan_missing'], note: 'Please send the bite scan.' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const branch = `?branch_id=${String(auckland.fulfillment_branch_id)}`;
    const [request] = (await inbox(support, branch)).information_requests;
    expect(request).toMatchObject({ client_name: 'Harbour Dental', requested_by: support.username });
    expect(request?.excerpt).toContain('Please send the bite scan.');
    await createPortalCalls(test, auckland.portal_key).message({ note: 'Bite scan attached.' });
    expect((await inbox(support, branch)).information_requests).toEqual([]);
  });
});
