import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communicationListSchema, communicationTexts, type Communication } from '@lab/domain';
import { communications } from '../../db/schema/index';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createCollection, type CreatedCollection } from '../../testing/factories';

// GET /api/v2/collection/{uid}/communicationlogs/ and GET /api/v2/communications/{id}.

let test: TestApp;
let staff: SignedInUser;
let collection: CreatedCollection;

const insertCommunication = async (values: Partial<typeof communications.$inferInsert>) => {
  const [row] = await test.db
    .insert(communications)
    .values({
      communication_type: 'APPROVAL_REQUEST',
      communication_provider: 'EMAIL',
      recipient: 'reception@smile.example.com',
      case_collection_uid: collection.uid,
      ...values,
    })
    .returning();
  if (!row) throw new Error('no communication');
  return row;
};

beforeAll(async () => {
  test = await createTestApp();
  staff = await signInAs(test);
  collection = await createCollection(test.db);
});

afterAll(async () => {
  await test.close();
});

const get = (url: string, user: SignedInUser | null = staff) =>
  test.app.inject({ method: 'GET', url, headers: user ? user.headers : {} });

describe('GET /api/v2/collection/{uid}/communicationlogs/', () => {
  it('answers 401 without a token and 404 for an unknown collection', async () => {
    const anonymous = await get(`/api/v2/collection/${collection.uid}/communicationlogs/`, null);
    expect(anonymous.statusCode).toBe(401);
    expect(errorMessage(anonymous)).toBe('Invalid Token');
    const unknown = await get('/api/v2/collection/00000000-0000-4000-8000-000000000000/communicationlogs/');
    expect(unknown.statusCode).toBe(404);
    expect(errorMessage(unknown)).toBe('Could not load case collection');
  });

  it('lists newest first, with the provider named as the screen does and the response normalised', async () => {
    const email = await insertCommunication({
      created_at: new Date('2030-01-01T00:00:00Z'),
      subject: 'Please approve',
      response: { accepted: ['reception@smile.example.com'], messageId: '<abc@lab>' },
    });
    const push = await insertCommunication({
      created_at: new Date('2030-01-02T00:00:00Z'),
      communication_type: 'MESSAGE_PUSH',
      communication_provider: 'FCM',
      recipient: 'client devices',
      response: [
        { device_type: 'ios', identification: 'token-1', success: true },
        { device_type: 'pager', identification: 'token-2', success: true },
      ],
    });
    const listed = await insertCommunication({
      created_at: new Date('2030-01-03T00:00:00Z'),
      response: [{ email: 'a@example.com', _id: 'm1' }],
    });
    const bare = await insertCommunication({
      created_at: new Date('2030-01-04T00:00:00Z'),
      recipient: 'a@example.com, b@example.com',
    });
    const elsewhere = await createCollection(test.db);
    await insertCommunication({ case_collection_uid: elsewhere.uid });

    const response = await get(`/api/v2/collection/${collection.uid}/communicationlogs/`);
    expect(response.statusCode).toBe(200);
    const logs = communicationListSchema.parse(response.json());
    expect(logs.map((c) => c.id)).toEqual([bare.id, listed.id, push.id, email.id]);
    const byId = new Map<number, Communication>(logs.map((c) => [c.id, c]));
    expect(byId.get(email.id)).toMatchObject({
      communication_provider: 'email',
      subject: 'Please approve',
      response: [{ email: 'reception@smile.example.com', _id: '<abc@lab>' }],
    });
    expect(byId.get(push.id)).toMatchObject({
      communication_provider: 'mobile',
      response: [{ device_type: 'ios', identification: 'token-1', success: true }],
    });
    expect(byId.get(listed.id)?.response).toEqual([{ email: 'a@example.com', _id: 'm1' }]);
    expect(byId.get(bare.id)?.response).toEqual([
      { email: 'a@example.com', _id: bare.uid },
      { email: 'b@example.com', _id: bare.uid },
    ]);
  });
});

describe('GET /api/v2/communications/{id}', () => {
  it('answers 401 without a token', async () => {
    const response = await get('/api/v2/communications/1', null);
    expect(response.statusCode).toBe(401);
    expect(errorMessage(response)).toBe('Invalid Token');
  });

  it('answers an e-mail’s state, opens and clicks, with or without the trailing slash', async () => {
    const row = await insertCommunication({ state: 'delivered', opens: 3, clicks: 1 });
    for (const url of [`/api/v2/communications/${row.id}`, `/api/v2/communications/${row.id}/`]) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        email: 'reception@smile.example.com',
        state: 'delivered',
        clicks: 1,
        opens: 3,
      });
    }
  });

  it('answers {error} with 200 for an unknown id, a push and a failed e-mail', async () => {
    const push = await insertCommunication({ communication_provider: 'FCM' });
    const failed = await insertCommunication({ state: 'failed', error: '550 mailbox unavailable' });
    const bounced = await insertCommunication({ state: 'bounced' });
    const cases: [string, string][] = [
      ['999999', communicationTexts.notFound],
      ['abc', communicationTexts.notFound],
      ['99999999999', communicationTexts.notFound],
      [String(push.id), communicationTexts.notAnEmail],
      [String(failed.id), '550 mailbox unavailable'],
      [String(bounced.id), communicationTexts.emailFailed],
    ];
    for (const [id, error] of cases) {
      const response = await get(`/api/v2/communications/${id}`);
      expect(response.statusCode, id).toBe(200);
      expect(response.json()).toEqual({ error });
    }
  });
});
