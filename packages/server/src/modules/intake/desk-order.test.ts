import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderAnswerSchema, orderMessages, permissionTable, type OrderAnswer } from '@lab/domain';
import { audit_events, cases, clients, collections, files, implants } from '../../db/schema/index';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createClient } from '../../testing/factories';
import { openTestStream, type TestStream } from '../../realtime/stream-test-kit';
import { makePlatformKey, oneFacetStl, putFile, sendOrder } from './intake-test-kit';

// The front desk's New Order (POST /api/v2/checkin/orders/) through the real app: the same collection a
// platform's order makes, typed by the front office; and the open Check-in desks hear of every new order,
// from either door, through the live stream's `order_arrived` frame.

let test: TestApp;
let support: SignedInUser;
let client: Awaited<ReturnType<typeof createClient>>;
const streams: TestStream[] = [];

const deskOrder = (overrides: Record<string, unknown> = {}) => ({
  client: { client_id: client.client_id },
  patient_reference: 'NGUYEN, Tam',
  fulfillment_branch: 'Melbourne',
  cases: [
    {
      job_type: 'Screw-Retained Crown',
      dentate: 'UPPER',
      teeth: [16],
      implants: [{ tooth: 16, platform: 'Nobel Biocare CC RP' }],
      files: ['upper.stl'],
    },
  ],
  files: [{ file_name: 'upper.stl' }, { file_name: 'lower.stl' }],
  ...overrides,
});

const post = (user: SignedInUser, body: Record<string, unknown>) =>
  test.app.inject({ method: 'POST', url: '/api/v2/checkin/orders/', headers: user.headers, payload: body });

const collectionCount = async (): Promise<number> => {
  const [row] = await test.db.select({ n: sql<number>`count(*)::int` }).from(collections);
  return Number(row?.n ?? 0);
};

beforeAll(async () => {
  test = await createTestApp();
  support = await signInAs(test, { department: 'SUPPORT' });
  client = await createClient(test.db, { name: 'Northcote Dental', country: 'AU' });
  await test.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await test.close();
});

describe('POST /api/v2/checkin/orders/', () => {
  it('makes the collection a platform order makes: cases, implants, files waiting for their links, audited', async () => {
    const response = await post(support, deskOrder());
    expect(response.statusCode).toBe(201);
    const answer: OrderAnswer = orderAnswerSchema.parse(response.json());
    expect(answer).toMatchObject({ created: true, client_needs_review: false });
    expect(answer.cases).toHaveLength(1);
    const [row] = await test.db.select().from(collections).where(eq(collections.uid, answer.collection_uid));
    expect(row).toMatchObject({
      shipping_client_id: client.id,
      patient_reference: 'NGUYEN, Tam',
      ordering_platform: 'oep',
    });
    const caseUid = answer.cases[0]?.case_uid ?? '';
    const [theCase] = await test.db.select().from(cases).where(eq(cases.uid, caseUid));
    expect(theCase?.dentate).toBe('UPPER');
    expect(await test.db.select().from(implants).where(eq(implants.case_uid, caseUid))).toHaveLength(1);
    const audit = await test.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.entity_type, 'collection'), eq(audit_events.action, 'created_at_desk')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      collection_uid: answer.collection_uid,
      actor_reference: support.username,
    });

    // The scans come through the answer's links, as a platform's do, and land on their case.
    // fileName is the file's storage name (uid/name), as the file service answers it.
    const upper = answer.files.find((file) => file.fileName.endsWith('/upper.stl'));
    const sent = await putFile(test, upper?.oneTimeUploadLink ?? null, oneFacetStl());
    expect(sent.statusCode).toBeLessThan(300);
    const [stored] = await test.db
      .select()
      .from(files)
      .where(eq(files.uid, upper?.uid ?? ''));
    expect(stored).toMatchObject({ case_uid: caseUid, upload_state: 'complete' });
  });

  it('makes a new client by name and country, with no review (the desk is the review)', async () => {
    const response = await post(
      support,
      deskOrder({
        client: { name: 'Fitzroy Smiles', country: 'au', email: 'desk@fitzroy-smiles.example' },
        ordering_platform: 'nexus_ios',
      }),
    );
    expect(response.statusCode).toBe(201);
    const [made] = await test.db.select().from(clients).where(eq(clients.name, 'Fitzroy Smiles'));
    expect(made).toMatchObject({ country: 'AU', needs_review: false });
    const [row] = await test.db
      .select({ platform: collections.ordering_platform })
      .from(collections)
      .where(eq(collections.uid, orderAnswerSchema.parse(response.json()).collection_uid));
    expect(row?.platform).toBe('nexus_ios');
  });

  it('says what is wrong, field by field, and writes nothing', async () => {
    const before = await collectionCount();
    const cases_ = [
      [{ client: {} }, orderMessages.deskClientNeeded],
      [{ client: { client_id: 987654 } }, orderMessages.clientNotFound],
      [{ patient_reference: '' }, null],
      [{ cases: [{ job_type: 'Wax Moustache', dentate: 'UPPER' }] }, orderMessages.unknownJobType],
      [
        { cases: [{ job_type: 'Screw-Retained Crown', dentate: 'UPPER', teeth: [19] }] },
        orderMessages.toothNotFdi,
      ],
      [{ files: [{ file_name: 'a.stl' }, { file_name: 'a.stl' }] }, orderMessages.duplicateFile],
      [
        {
          files: [{ file_name: 'setup.exe' }],
          cases: [{ job_type: 'Screw-Retained Crown', dentate: 'UPPER' }],
        },
        null,
      ],
    ] as const;
    for (const [overrides, message] of cases_) {
      const response = await post(support, deskOrder(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      if (message) expect(errorMessage(response)).toBe(message);
    }
    expect(await collectionCount()).toBe(before);
  });

  it('is the front office’s to enter: a designer is refused with the reason', async () => {
    const designer = await signInAs(test, { department: 'DESIGN' });
    const before = await collectionCount();
    const response = await post(designer, deskOrder());
    expect(response.statusCode).toBe(403);
    expect(errorMessage(response)).toBe(permissionTable.edit_collection_details.reason);
    expect(await collectionCount()).toBe(before);
  });
});

describe('order_arrived on the live stream', () => {
  it('reaches the Check-in desks (streams opened with intake=1) from either door, and no other page', async () => {
    const admin = await signInAs(test, { admin: true });
    const key = await makePlatformKey(test, admin);
    const open = async (path: string) => {
      const stream = await openTestStream(test.app, path, { cookie: support.cookie });
      streams.push(stream);
      await stream.next('ready');
      return stream;
    };
    const desk = await open('/api/v2/stream?collections=&intake=1');
    const page = await open('/api/v2/stream?collections=');

    const fromDesk = orderAnswerSchema.parse((await post(support, deskOrder())).json());
    expect(await desk.next('order_arrived')).toEqual({
      uid: fromDesk.collection_uid,
      branch_id: expect.any(Number),
    });

    const platformOrder = {
      order_id: 'DESK-LIVE-1',
      client: { name: 'Live Dental', country: 'AU' },
      patient_reference: 'LIVE, One',
      cases: [{ job_type: 'Screw-Retained Crown', dentate: 'LOWER' }],
    };
    const fromPlatform = await sendOrder(test, key, platformOrder);
    expect(fromPlatform.statusCode).toBe(201);
    // No branch named yet: every branch's desk shows it.
    expect(await desk.next('order_arrived')).toEqual({
      uid: orderAnswerSchema.parse(fromPlatform.json()).collection_uid,
      branch_id: null,
    });
    // The same order again is no new arrival.
    expect((await sendOrder(test, key, platformOrder)).statusCode).toBe(200);
    await post(support, deskOrder({ patient_reference: 'LAST, Marker' }));
    await desk.next('order_arrived');
    expect(desk.seen('order_arrived')).toHaveLength(3);
    expect(page.seen('order_arrived')).toEqual([]);
  });
});
