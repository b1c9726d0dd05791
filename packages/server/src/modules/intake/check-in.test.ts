import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInListsSchema, orderAnswerSchema, orderMessages, type OrderAnswer } from '@lab/domain';
import { branches, case_audit, cases, collections, statuses } from '../../db/schema/index';
import { waitForMail } from '../../mail/mail-test-kit';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { makePlatformKey, putFile, sendOrder, type TestPlatformKey } from './intake-test-kit';
import { buildSampleOrder, type SampleOrderFlaw } from './sample-order';

// The Check-in desk through the real app: its lists per branch, Check in refused while pre-flight
// blocks (409 naming each check) and allowed with a reason (kept in the case audit), the case then in
// design with its metrology stage stamped; a second Check in is refused.

let test: TestApp;
let desk: SignedInUser;
let key: TestPlatformKey;
let melbourneId: number;

const arrive = async (flaw: SampleOrderFlaw, seed: number): Promise<OrderAnswer> => {
  const sample = buildSampleOrder({ platform: 'oep', seed, flaw });
  const answer = orderAnswerSchema.parse((await sendOrder(test, key, sample.order)).json());
  for (const file of answer.files) {
    const bytes = sample.files.get(file.fileName.slice(file.fileName.indexOf('/') + 1));
    if (bytes) await putFile(test, file.oneTimeUploadLink, bytes);
  }
  return answer;
};

const checkIn = (caseUid: string, body: Record<string, unknown> = {}, user = desk) =>
  test.app.inject({
    method: 'POST',
    url: `/api/v2/case/${caseUid}/check_in/`,
    headers: user.headers,
    payload: body,
  });

const lists = async () => {
  const response = await test.app.inject({
    method: 'GET',
    url: `/api/v2/checkin/?branch_id=${melbourneId}`,
    headers: desk.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return checkInListsSchema.parse(response.json());
};

const caseState = async (caseUid: string) => {
  const [row] = await test.db
    .select({ case: cases, status: statuses.name })
    .from(cases)
    .innerJoin(statuses, eq(statuses.id, cases.status_id))
    .where(eq(cases.uid, caseUid));
  return row;
};

beforeAll(async () => {
  test = await createTestApp();
  desk = await signInAs(test, { department: 'SUPPORT' });
  key = await makePlatformKey(test, await signInAs(test, { admin: true }));
  const [melbourne] = await test.db.select().from(branches).where(eq(branches.name, 'Melbourne'));
  melbourneId = melbourne?.id ?? 0;
});
afterAll(() => test.close());

describe('the Check-in desk', () => {
  it('lists an arrived order, refuses Check in while pre-flight blocks, and takes it with a reason', async () => {
    const order = await arrive('metres', 21);
    const bridge = order.cases[0]?.case_uid ?? '';
    expect((await lists()).arrived.map((r) => r.case_uid)).toContain(bridge);

    const refused = await checkIn(bridge);
    expect(refused.statusCode).toBe(409);
    expect(errorMessage(refused)).toBe(orderMessages.checkInBlocked);
    expect(Object.keys(refused.json().error.fields)).toEqual(['checks.0.mesh_units']);
    expect((await caseState(bridge))?.status).toBe('Ordered');

    const taken = await checkIn(bridge, {
      override_reason: 'Clinic confirmed by phone: scan is in metres, scaled ×1000',
    });
    expect(taken.statusCode, taken.body).toBe(200);
    const state = await caseState(bridge);
    expect(state?.status).toBe('Awaiting Status Allocation');
    expect(state?.case).toMatchObject({ in_design: true, ordered: false, department: 'DESIGN' });
    expect(state?.case.check_in_user_id).not.toBeNull();
    expect(state?.case.metrology_user_id).toBe(state?.case.check_in_user_id);
    expect(state?.case.date_metrology_complete).not.toBeNull();
    expect(state?.case.date_received).not.toBeNull();
    const audit = await test.db.select().from(case_audit).where(eq(case_audit.case_uid, bridge));
    expect(audit.at(-1)?.changed_values).toMatchObject({
      status: { old: 'Ordered', new: 'Awaiting Status Allocation' },
      check_in_override: {
        old: null,
        new: { reason: 'Clinic confirmed by phone: scan is in metres, scaled ×1000', checks: ['mesh_units'] },
      },
    });
    const after = await lists();
    expect(after.checked_in_today.map((r) => r.case_uid)).toContain(bridge);
    expect(after.arrived.map((r) => r.case_uid)).not.toContain(bridge);

    const again = await checkIn(bridge, { override_reason: 'again' });
    expect(again.statusCode).toBe(409);
    expect(errorMessage(again)).toBe(orderMessages.alreadyCheckedIn);
  });

  it('checks in a whole order without a reason', async () => {
    const order = await arrive('none', 22);
    for (const c of order.cases) expect((await checkIn(c.case_uid)).statusCode).toBe(200);
  });

  it('is for those who may change a status, at a branch that exists', async () => {
    const order = await arrive('none', 23);
    const sales = await signInAs(test, { department: 'SALES' });
    expect((await checkIn(order.cases[0]?.case_uid ?? '', {}, sales)).statusCode).toBe(403);
    const nowhere = await test.app.inject({
      method: 'GET',
      url: '/api/v2/checkin/?branch_id=99999',
      headers: desk.headers,
    });
    expect(nowhere.statusCode).toBe(404);
    expect((await checkIn('00000000-0000-0000-0000-000000000000')).statusCode).toBe(404);
  });
});

describe('Request missing information', () => {
  const request = (caseUid: string, payload: Record<string, unknown>, user = desk) =>
    test.app.inject({
      method: 'POST',
      url: `/api/v2/case/${caseUid}/request_information/`,
      headers: user.headers,
      payload,
    });

  it('messages the client on the portal and by e-mail, and keeps it in the case history', async () => {
    const order = await arrive('missing-scan', 31);
    const crown = order.cases[1]?.case_uid ?? '';
    const items = ['No bite scan among the files: a Screw-Retained Crown needs one.'];
    const response = await request(crown, {
      checks: items,
      note: 'Please export the bite from the scanner and send it here.',
    });
    expect(response.statusCode, response.body).toBe(201);
    const [collection] = await test.db
      .select()
      .from(collections)
      .where(eq(collections.uid, order.collection_uid));
    const portal = await test.app.inject({
      method: 'GET',
      url: `/api/v2/customer/${collection?.portal_key ?? ''}/`,
    });
    expect(portal.statusCode).toBe(200);
    const shown = (
      portal.json().messages as { message_type: string; direction: string; note: string }[]
    ).find((m) => m.note.includes('Please export the bite'));
    expect(shown).toMatchObject({ message_type: 'CLIENT_MESSAGE', direction: 'OUTBOUND' });
    expect(shown?.note).toContain(items[0]);
    const mail = await waitForMail(
      test,
      (m) => m.subject === `Information needed for case ${order.collection_id}`,
    );
    expect(mail.to).toEqual(['orders@bayside-dental.example']);
    expect(mail.text).toContain(items[0]);
    expect(mail.text).toContain('Please export the bite');
    const audit = await test.db.select().from(case_audit).where(eq(case_audit.case_uid, crown));
    expect(audit.at(-1)?.changed_values).toMatchObject({
      information_requested: { old: null, new: { checks: items } },
    });
  });

  it('asks for the checks and a note, from those who may check in, of a case that exists', async () => {
    const order = await arrive('missing-scan', 32);
    const crown = order.cases[1]?.case_uid ?? '';
    const empty = await request(crown, { checks: [], note: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({
      checks: orderMessages.requestChecksRequired,
      note: orderMessages.requestNoteRequired,
    });
    const sales = await signInAs(test, { department: 'SALES' });
    expect((await request(crown, { checks: ['x'], note: 'y' }, sales)).statusCode).toBe(403);
    expect((await request('not-a-uid', { checks: ['x'], note: 'y' })).statusCode).toBe(404);
  });
});
