import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Communication, Message, Referral } from '@lab/domain';
import { communications, messages, outsources, partners, referrals } from '../../db/schema/index';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import {
  createClient,
  createCollection,
  type ClientRow,
  type CreatedCollection,
} from '../../testing/factories';

// GET /api/v2/client/{id}/notes/, …/communications/ and …/referrals/.

let test: TestApp;
let staff: SignedInUser;
let client: ClientRow;
let other: ClientRow;
let order: CreatedCollection;
let othersOrder: CreatedCollection;

const day = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * day);

const get = (path: string, id: number | string = client.client_id) =>
  test.app.inject({ method: 'GET', url: `/api/v2/client/${id}/${path}`, headers: staff.headers });

const mail = (values: Partial<typeof communications.$inferInsert> & { subject: string; at: Date }) => ({
  communication_type: 'APPROVAL_REQUEST',
  communication_provider: 'EMAIL',
  recipient: 'reception@example.com',
  state: 'sent',
  created_at: values.at,
  ...values,
});

beforeAll(async () => {
  test = await createTestApp();
  staff = await signInAs(test);
  client = await createClient(test.db, { name: 'Richmond Smiles' });
  other = await createClient(test.db, { name: 'Manly Dental' });
  order = await createCollection(test.db, { client });
  othersOrder = await createCollection(test.db, { client: other });

  await test.db.insert(messages).values([
    {
      client_uid: client.uid,
      message_type: 'CLIENT_NOTE',
      visibility: 'STAFF',
      direction: 'STATIC',
      author_reference: 'support',
      note: 'Prefers lingual screw access.',
      created_at: daysAgo(5),
    },
    {
      client_uid: client.uid,
      message_type: 'CLIENT_NOTE',
      visibility: 'STAFF',
      direction: 'STATIC',
      author_reference: 'jmurphy',
      note: 'Courier to the back entrance.',
      created_at: daysAgo(1),
    },
    // Not a client note, and another client's note.
    {
      case_collection_uid: order.uid,
      message_type: 'CASE_NOTE',
      visibility: 'STAFF',
      direction: 'STATIC',
      author_reference: 'support',
      note: 'Scans complete.',
    },
    {
      client_uid: other.uid,
      message_type: 'CLIENT_NOTE',
      visibility: 'STAFF',
      direction: 'STATIC',
      author_reference: 'support',
      note: 'Another practice.',
    },
  ]);

  const [partner] = await test.db.insert(partners).values({ name: 'Client Test Milling' }).returning();
  const [job] = await test.db
    .insert(outsources)
    .values({ case_uid: order.cases[0]?.uid ?? '', partner_id: partner?.id ?? 0 })
    .returning();
  await test.db.insert(communications).values([
    mail({ subject: 'Recorded for the client', client_uid: client.uid, at: daysAgo(3) }),
    mail({ subject: 'About its collection', case_collection_uid: order.uid, at: daysAgo(2) }),
    mail({
      subject: 'Request to the partner',
      case_collection_uid: order.uid,
      outsource_uid: job?.uid ?? null,
      communication_type: 'OUTSOURCE_REQUEST',
      at: daysAgo(1),
    }),
    mail({ subject: 'About another collection', case_collection_uid: othersOrder.uid, at: daysAgo(1) }),
  ]);

  await test.db.insert(referrals).values([
    {
      created_at: daysAgo(30),
      referrer_client_id: client.id,
      referree_identification: 'hello@manlydental.com.au',
      referree_client_id: other.id,
      accepted_at: daysAgo(25),
    },
    {
      created_at: daysAgo(10),
      referrer_client_id: client.id,
      referree_identification: '+61400111222',
      canceled_at: daysAgo(8),
      collection_uid: order.uid,
    },
    {
      created_at: daysAgo(2),
      referrer_client_id: other.id,
      referree_identification: 'front@richmondsmiles.com.au',
      referree_client_id: client.id,
    },
  ]);
});
afterAll(() => test.close());

describe('GET /api/v2/client/{id}/notes/', () => {
  it("lists only the client's CLIENT_NOTEs, newest first", async () => {
    const response = await get('notes/');
    expect(response.statusCode).toBe(200);
    const notes = response.json<Message[]>();
    expect(notes.map((n) => [n.note, n.author_reference, n.message_type])).toEqual([
      ['Courier to the back entrance.', 'jmurphy', 'CLIENT_NOTE'],
      ['Prefers lingual screw access.', 'support', 'CLIENT_NOTE'],
    ]);
  });

  it("answers 404 'Client not found' for an unknown client", async () => {
    const response = await get('notes/', 999999);
    expect(response.statusCode).toBe(404);
    expect(errorMessage(response)).toBe('Client not found');
  });
});

describe('GET /api/v2/client/{id}/communications/', () => {
  it('lists mail to the client and about its collections, not mail to partners, newest first', async () => {
    const response = await get('communications/');
    expect(response.statusCode).toBe(200);
    const list = response.json<Communication[]>();
    expect(list.map((c) => c.subject)).toEqual(['About its collection', 'Recorded for the client']);
    expect(list[0]).toMatchObject({
      communication_provider: 'email',
      case_collection_uid: order.uid,
      response: [{ email: 'reception@example.com', _id: expect.any(String) }],
    });
  });

  it("answers 404 'Client not found' for an unknown client", async () => {
    const response = await get('communications/', 'x1');
    expect(response.statusCode).toBe(404);
    expect(errorMessage(response)).toBe('Client not found');
  });
});

describe('GET /api/v2/client/{id}/referrals/', () => {
  it('lists the referrals the client made and the one that brought it in, newest first', async () => {
    const response = await get('referrals/');
    expect(response.statusCode).toBe(200);
    const list = response.json<Referral[]>();
    expect(list).toEqual([
      {
        created_at: expect.any(String),
        referrer_client_name: 'Manly Dental',
        referree_identification: 'front@richmondsmiles.com.au',
        referree_client_name: 'Richmond Smiles',
        accepted_at: null,
        canceled_at: null,
      },
      {
        created_at: expect.any(String),
        referrer_client_name: 'Richmond Smiles',
        referree_identification: '+61400111222',
        referree_client_name: null,
        accepted_at: null,
        canceled_at: expect.any(String),
      },
      {
        created_at: expect.any(String),
        referrer_client_name: 'Richmond Smiles',
        referree_identification: 'hello@manlydental.com.au',
        referree_client_name: 'Manly Dental',
        accepted_at: expect.any(String),
        canceled_at: null,
      },
    ]);
  });

  it('answers an empty list for a client without referrals, and 404 for an unknown one', async () => {
    const lonely = await createClient(test.db);
    expect((await get('referrals/', lonely.client_id)).json()).toEqual([]);
    const unknown = await get('referrals/', 999999);
    expect(unknown.statusCode).toBe(404);
    expect(errorMessage(unknown)).toBe('Client not found');
  });
});
