import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportComponentListSchema, keyValueAnswerSchema } from '@lab/domain';
import { components, key_value } from '../../db/schema/index';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';

// POST /api/v2/key_value/ (and the helper's read, /api/v2/key_value/take/) and GET
// /api/v2/management/components/ through the real app.

let test: TestApp;
let staff: SignedInUser;

const postValue = (payload: unknown, user: SignedInUser | null = staff) =>
  test.app.inject({
    method: 'POST',
    url: '/api/v2/key_value/',
    headers: user?.headers ?? {},
    payload: payload as Record<string, unknown>,
  });

const take = (payload: unknown) =>
  test.app.inject({
    method: 'POST',
    url: '/api/v2/key_value/take/',
    payload: payload as Record<string, unknown>,
  });

beforeAll(async () => {
  test = await createTestApp();
  staff = await signInAs(test, { department: 'DESIGN' });
}, 180_000);
afterAll(() => test.close());

describe('POST /api/v2/key_value/', () => {
  const instruction = 'AUTO_MA;\\\\mel-fs01\\cases\\100001\\100001-01';

  it('stores the value under a new 128-bit key that expires, recording who asked', async () => {
    const response = await postValue({ value: instruction });
    expect(response.statusCode).toBe(201);
    const { key } = keyValueAnswerSchema.parse(response.json());
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const [row] = await test.db.select().from(key_value).where(eq(key_value.key, key));
    expect(row?.value).toBe(instruction);
    expect(row?.created_by_id).toEqual(expect.any(Number));
    const minutes = ((row?.expires_at?.getTime() ?? 0) - (row?.created_at.getTime() ?? 0)) / 60_000;
    expect(minutes).toBe(10);
    const second = keyValueAnswerSchema.parse((await postValue({ value: instruction })).json());
    expect(second.key).not.toBe(key);
  });

  it.each([
    [{}, 'Cannot be blank'],
    [{ value: '  ' }, 'Cannot be blank'],
    [{ value: 42 }, 'Cannot be blank'],
    [{ value: 'x'.repeat(20_001) }, 'Must be at most 20000 characters'],
    [{ value: 'a\u0000b' }, 'Contains characters that cannot be stored'],
  ])('answers 400 for %j', async (payload, message) => {
    const response = await postValue(payload);
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toBe(message);
  });

  it('answers 401 without a token', async () => {
    const response = await postValue({ value: instruction }, null);
    expect(response.statusCode).toBe(401);
    expect(errorMessage(response)).toBe('Invalid Token');
  });
});

describe('POST /api/v2/key_value/take/ (the OEP Helper)', () => {
  it('gives the value out once, without a sign-in, and never to be cached', async () => {
    const { key } = keyValueAnswerSchema.parse((await postValue({ value: 'AUTO_MA;\\\\x\\y' })).json());
    const first = await take({ key });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ value: 'AUTO_MA;\\\\x\\y' });
    expect(first.headers['cache-control']).toBe('no-store');
    const again = await take({ key });
    expect(again.statusCode).toBe(404);
    expect(errorMessage(again)).toBe('Key not found');
  });

  it('answers 404 for an expired, unknown or missing key', async () => {
    const { key } = keyValueAnswerSchema.parse((await postValue({ value: 'late' })).json());
    await test.db
      .update(key_value)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(key_value.key, key));
    for (const payload of [{ key }, { key: 'never-issued' }, {}, { key: 'k'.repeat(101) }]) {
      const response = await take(payload);
      expect(response.statusCode === 404 || response.statusCode === 400).toBe(true);
      expect(errorMessage(response)).toBe('Key not found');
    }
  });
});

describe('GET /api/v2/management/components/', () => {
  it('lists the enabled scan bodies and healing caps by type and name', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/v2/management/components/',
      headers: staff.headers,
    });
    expect(response.statusCode).toBe(200);
    const list = exportComponentListSchema.parse(response.json());
    expect(list.map((c) => `${c.component_type}: ${c.name}`)).toEqual([
      'Healing Cap: Healing Cap GM 4.5 × 3.5',
      'Healing Cap: Multi-unit Healing Cap RP',
      'Scan Body: Elos IO 1B Scan Body',
      'Scan Body: Elos IO 2B Scan Body',
      'Scan Body: Neodent GM Scan Body',
      'Scan Body: Straumann CARES Mono Scan Body RC',
    ]);
    const [disabled] = await test.db.select().from(components).where(eq(components.code, 'SB-OLD-NB'));
    expect(list.some((c) => c.id === disabled?.id)).toBe(false);
  });

  it('answers 401 without a token', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/v2/management/components/' });
    expect(response.statusCode).toBe(401);
  });
});
