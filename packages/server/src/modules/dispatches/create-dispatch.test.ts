import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checklistMessages, collectionSchema, dispatchMessages, type Collection } from '@lab/domain';
import { audit_events, checklist_items, communications, couriers } from '../../db/schema/index';
import { eventually, waitForMail } from '../../mail/mail-test-kit';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createClient, createCollection, type CreatedCollection } from '../../testing/factories';
import { caseAuditOf, firstId, loadCase } from '../cases/cases-test-kit';

// POST /api/v2/collection/{uid}/dispatches/ through the real app: the cases move to Dispatched with the
// tracking number, the collection answer lists the dispatch, the audit rows are written and the client's
// e-mail goes out through the job queue. Refusals (404, 409) change nothing.

let test: TestApp;
let staff: SignedInUser;
let starTrackId: number;

const address = {
  address_line_1: '12 Harbour Road',
  address_line_2: 'Level 2',
  suburb: 'Fremantle',
  state: 'WA',
  postcode: '6160',
  country: 'AU',
};

const dispatchBody = (caseUids: string[], overrides: Record<string, unknown> = {}) => ({
  case_uids: caseUids,
  courier_id: starTrackId,
  tracking_reference: ' ST123456789 ',
  shipping_address: address,
  ...overrides,
});

const postDispatch = (collectionUid: string, payload: unknown) =>
  test.app.inject({
    method: 'POST',
    url: `/api/v2/collection/${collectionUid}/dispatches/`,
    headers: staff.headers,
    payload: payload as object,
  });

const loadCollection = async (uid: string): Promise<Collection> =>
  collectionSchema.parse(
    (
      await test.app.inject({ method: 'GET', url: `/api/v2/collection/${uid}/`, headers: staff.headers })
    ).json(),
  );

const dispatchAudit = (collectionUid: string) =>
  test.db
    .select({
      entity_id: audit_events.entity_id,
      action: audit_events.action,
      actor_reference: audit_events.actor_reference,
      changed_values: audit_events.changed_values,
    })
    .from(audit_events)
    .where(and(eq(audit_events.entity_type, 'dispatch'), eq(audit_events.collection_uid, collectionUid)))
    .orderBy(asc(audit_events.id));

const caseOf = (collection: CreatedCollection, index: number) => {
  const found = collection.cases[index];
  if (!found) throw new Error(`no case ${index}`);
  return found;
};

beforeAll(async () => {
  test = await createTestApp();
  staff = await signInAs(test, { department: 'WAREHOUSE' });
  starTrackId = await firstId(
    test.db.select({ id: couriers.id }).from(couriers).where(eq(couriers.name, 'StarTrack')),
    'StarTrack courier',
  );
});
afterAll(() => test.close());

describe('GET /api/v2/dispatches/couriers/', () => {
  it('lists the seeded couriers with their tracking templates', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/v2/dispatches/couriers/',
      headers: staff.headers,
    });
    expect(response.statusCode).toBe(200);
    const list = response.json<{ name: string; tracking_url_template: string }[]>();
    expect(list.map((c) => c.name)).toEqual(
      expect.arrayContaining(['Australia Post', 'StarTrack', 'TNT', 'DHL Express', 'NZ Post', 'CourierPost']),
    );
    expect(list.every((c) => c.tracking_url_template.includes('{tracking}'))).toBe(true);
  });

  it('is for staff only', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/v2/dispatches/couriers/' });
    expect(response.statusCode).toBe(401);
  });
});

describe('a new dispatch', () => {
  it('moves the cases to Dispatched, lists the dispatch, audits it and e-mails the client', async () => {
    const client = await createClient(test.db, { name: 'Harbour Dental', email: 'desk@harbour.example' });
    const collection = await createCollection(test.db, {
      client,
      cases: [
        { statusName: 'Ready for Dispatch', groupNumber: 1 },
        { statusName: 'Ready for Dispatch', groupNumber: 1 },
        { statusName: 'Quality Control' },
      ],
    });
    const [first, second, third] = [caseOf(collection, 0), caseOf(collection, 1), caseOf(collection, 2)];

    const response = await postDispatch(collection.uid, dispatchBody([second.uid, first.uid]));
    expect(response.statusCode).toBe(201);
    const answer = collectionSchema.parse(response.json());
    expect(answer.dispatches).toHaveLength(1);
    const [dispatch] = answer.dispatches;
    expect(dispatch).toMatchObject({
      courier: 'StarTrack',
      tracking_reference: 'ST123456789',
      tracking_url: 'https://startrack.com.au/track/details/ST123456789',
      shipping_address: address,
      dispatched_by: expect.stringMatching(/^Test User \d+$/) as unknown,
    });
    expect([...(dispatch?.case_uids ?? [])].sort()).toEqual([first.uid, second.uid].sort());

    for (const moved of [first, second]) {
      const presented = answer.cases.find((c) => c.uid === moved.uid);
      expect(presented).toMatchObject({
        status: 'Dispatched',
        dispatched: true,
        in_lab: false,
        active: false,
        dispatch_ready: false,
        department: null,
        tracking_number: 'ST123456789',
      });
      expect(presented?.date_dispatched).toBe(dispatch?.dispatched_at);
      expect(presented?.dispatches.map((d) => d.uid)).toEqual([dispatch?.uid]);

      const row = await loadCase(test, moved.uid);
      expect(row).toMatchObject({ dispatched: true, in_lab: false, tracking_number: 'ST123456789' });
      expect(row.date_dispatched?.toISOString()).toBe(dispatch?.dispatched_at);
      const audit = await caseAuditOf(test, moved.uid);
      expect(audit).toHaveLength(1);
      expect(audit[0]?.modified_by).toBe(staff.username);
      expect(audit[0]?.changed_values).toMatchObject({
        status: { old: 'Ready for Dispatch', new: 'Dispatched' },
        tracking_number: { old: null, new: 'ST123456789' },
        courier: { old: null, new: 'StarTrack' },
        date_dispatched: { old: null, new: dispatch?.dispatched_at },
      });
    }
    // The case left out stays where it was.
    expect(answer.cases.find((c) => c.uid === third.uid)).toMatchObject({
      dispatched: false,
      dispatches: [],
    });

    expect(await dispatchAudit(collection.uid)).toEqual([
      {
        entity_id: dispatch?.uid,
        action: 'created',
        actor_reference: staff.username,
        changed_values: {
          courier: 'StarTrack',
          tracking_reference: 'ST123456789',
          shipping_address: address,
          cases: [first.case_mkey, second.case_mkey],
        },
      },
    ]);
    // The next load answers the same.
    expect((await loadCollection(collection.uid)).dispatches).toEqual(answer.dispatches);

    const mail = await waitForMail(test, (m) => m.to.includes('desk@harbour.example'));
    expect(mail.subject).toBe(`Case ${collection.collection_id} is on its way: StarTrack ST123456789`);
    expect(mail.text).toContain('Hello Harbour Dental,');
    expect(mail.text).toContain(`${first.case_mkey}, Screw-Retained Bridge`);
    expect(mail.text).toContain(`${second.case_mkey}, Screw-Retained Bridge`);
    expect(mail.text).toContain('https://startrack.com.au/track/details/ST123456789');
    // The mailbox keeps the wire's CRLF line ends.
    expect(mail.text).toMatch(/12 Harbour Road\r?\nLevel 2\r?\nFremantle WA 6160\r?\nAU/);
    expect(mail.text).toContain(
      `${test.config.publicUrl}/static/v2/portal.html?key=${collection.portal_key}`,
    );
    const logged = await eventually(async () => {
      const [row] = await test.db
        .select()
        .from(communications)
        .where(
          and(
            eq(communications.case_collection_uid, collection.uid),
            eq(communications.communication_type, 'DISPATCH_CONFIRMATION'),
          ),
        );
      return row?.state === 'sent' ? row : null;
    });
    expect(logged).toMatchObject({
      recipient: 'desk@harbour.example',
      case_uid: first.uid,
      client_uid: client.uid,
    });
  });

  it('defaults nothing on the server: the address sent is the one stored, empty fields as null', async () => {
    const collection = await createCollection(test.db, { cases: [{ statusName: 'Ready for Dispatch' }] });
    const nzAddress = { ...address, address_line_2: '', state: '  ', country: 'NZ' };
    const response = await postDispatch(
      collection.uid,
      dispatchBody([caseOf(collection, 0).uid], { shipping_address: nzAddress }),
    );
    expect(response.statusCode).toBe(201);
    expect(collectionSchema.parse(response.json()).dispatches[0]?.shipping_address).toEqual({
      ...nzAddress,
      address_line_2: null,
      state: null,
    });
  });
});

describe('refusals', () => {
  it('answers 404 for an unknown collection and for a case of another collection', async () => {
    const mine = await createCollection(test.db, { cases: [{ statusName: 'Ready for Dispatch' }] });
    const other = await createCollection(test.db, { cases: [{ statusName: 'Ready for Dispatch' }] });
    const unknown = await postDispatch(
      '5b1c8f5e-0000-4000-8000-000000000000',
      dispatchBody([caseOf(mine, 0).uid]),
    );
    expect(unknown.statusCode).toBe(404);
    expect(errorMessage(unknown)).toBe('Could not load case collection');

    const foreign = await postDispatch(mine.uid, dispatchBody([caseOf(mine, 0).uid, caseOf(other, 0).uid]));
    expect(foreign.statusCode).toBe(404);
    expect(errorMessage(foreign)).toBe(dispatchMessages.caseNotInCollection);
    const missing = await postDispatch(mine.uid, dispatchBody(['5b1c8f5e-0000-4000-8000-0000000000ff']));
    expect(missing.statusCode).toBe(404);
    expect((await loadCase(test, caseOf(mine, 0).uid)).dispatched).toBe(false);
    expect((await loadCollection(mine.uid)).dispatches).toEqual([]);
  });

  it('answers 409 for a case that is not ready for dispatch, and moves none of the others', async () => {
    const collection = await createCollection(test.db, {
      cases: [
        { statusName: 'Ready for Dispatch' },
        { statusName: 'Quality Control' },
        { statusName: 'Dispatched' },
      ],
    });
    const [ready, polishing, gone] = [caseOf(collection, 0), caseOf(collection, 1), caseOf(collection, 2)];
    for (const uids of [[ready.uid, polishing.uid], [gone.uid]]) {
      const response = await postDispatch(collection.uid, dispatchBody(uids));
      expect(response.statusCode).toBe(409);
      expect(errorMessage(response)).toBe(dispatchMessages.notReady);
    }
    expect(await loadCase(test, ready.uid)).toMatchObject({ dispatched: false, tracking_number: null });
    expect(await caseAuditOf(test, ready.uid)).toEqual([]);
    expect(await dispatchAudit(collection.uid)).toEqual([]);
  });

  it('answers 409 naming an open mandatory checklist item', async () => {
    const collection = await createCollection(test.db, { cases: [{ statusName: 'Ready for Dispatch' }] });
    const ready = caseOf(collection, 0);
    await test.db.insert(checklist_items).values([
      { case_uid: ready.uid, name: 'Screw torque checked', department: 'POLISHING', mandatory: true },
      { case_uid: ready.uid, name: 'Photos taken', department: 'POLISHING', mandatory: false },
    ]);
    const response = await postDispatch(collection.uid, dispatchBody([ready.uid]));
    expect(response.statusCode).toBe(409);
    expect(errorMessage(response)).toBe(checklistMessages.openMandatoryItems(['Screw torque checked']));
    expect((await loadCase(test, ready.uid)).dispatched).toBe(false);

    // Ticked (or marked not required), the case may go.
    await test.db.update(checklist_items).set({ done: true }).where(eq(checklist_items.case_uid, ready.uid));
    expect((await postDispatch(collection.uid, dispatchBody([ready.uid]))).statusCode).toBe(201);
  });
});
