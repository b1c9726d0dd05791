import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gaugeKitSchema, type GaugeKit } from '@lab/domain';
import { audit_events, kit_loans, kits } from '../../db/schema/index';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createClient } from '../../testing/factories';

// Scan-gauge kits (issue 31) through the real app: where each kit is, lent to a client and back, one open
// loan at most, overdue marked, a client's own kits; the warehouse's to change, audited.

let test: TestApp;
let designer: SignedInUser;
let warehouse: SignedInUser;
let kitId: number;
let client: { client_id: number; name: string };

const kitCode = 'SGK-NB-CC4';

const post = (user: SignedInUser, action: 'lend' | 'return', body: Record<string, unknown> = {}) =>
  test.app.inject({
    method: 'POST',
    url: `/api/v2/gauge_mrp/kits/${kitId}/${action}/`,
    headers: user.headers,
    payload: body,
  });

const listed = async (query = ''): Promise<GaugeKit[]> => {
  const response = await test.app.inject({
    method: 'GET',
    url: `/api/v2/gauge_mrp/kits/${query}`,
    headers: designer.headers,
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as unknown[]).map((kit) => gaugeKitSchema.parse(kit));
};

const inLabDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  test = await createTestApp();
  designer = await signInAs(test, { department: 'DESIGN' });
  warehouse = await signInAs(test, { department: 'WAREHOUSE' });
  const [kit] = await test.db.select().from(kits).where(eq(kits.code, kitCode));
  kitId = kit?.id ?? 0;
  const created = await createClient(test.db, { name: 'Harbour Dental' });
  client = { client_id: created.client_id, name: 'Harbour Dental' };
}, 180_000);
afterAll(() => test.close());

describe('scan-gauge kits', () => {
  it('lists every scan-gauge kit in the lab to begin with', async () => {
    const all = await listed();
    expect(all.length).toBeGreaterThan(0);
    expect(all.find((kit) => kit.code === kitCode)?.loan).toBeNull();
  });

  it('lends a kit to a client once, and says who holds it when asked again', async () => {
    const refused = await post(designer, 'lend', { client_id: client.client_id, due_back_on: inLabDays(14) });
    expect(refused.statusCode).toBe(403);
    const unknown = await post(warehouse, 'lend', { client_id: 99_999_999, due_back_on: null });
    expect(unknown.statusCode).toBe(400);
    expect(errorMessage(unknown)).toBe('Client not found');
    const early = await post(warehouse, 'lend', { client_id: client.client_id, due_back_on: inLabDays(-3) });
    expect(early.statusCode).toBe(400);
    expect(errorMessage(early)).toBe('The kit cannot be due back before today');

    const lent = await post(warehouse, 'lend', { client_id: client.client_id, due_back_on: inLabDays(14) });
    expect(lent.statusCode).toBe(200);
    expect(gaugeKitSchema.parse(lent.json()).loan).toMatchObject({
      client,
      due_back_on: inLabDays(14),
      is_overdue: false,
    });
    const again = await post(warehouse, 'lend', { client_id: client.client_id, due_back_on: null });
    expect(again.statusCode).toBe(409);
    expect(errorMessage(again)).toMatch(/^This kit is lent to Harbour Dental since \d{4}-\d{2}-\d{2}$/);
    expect((await listed(`?client_id=${client.client_id}`)).map((kit) => kit.code)).toEqual([kitCode]);
  });

  it('marks a kit overdue once its day has passed, and takes it back', async () => {
    await test.db
      .update(kit_loans)
      .set({ due_back_on: inLabDays(-2) })
      .where(eq(kit_loans.kit_id, kitId));
    expect((await listed()).find((kit) => kit.code === kitCode)?.loan?.is_overdue).toBe(true);
    const back = await post(warehouse, 'return');
    expect(back.statusCode).toBe(200);
    expect(gaugeKitSchema.parse(back.json()).loan).toBeNull();
    const twice = await post(warehouse, 'return');
    expect(twice.statusCode).toBe(409);
    expect(errorMessage(twice)).toBe('This kit is in the lab');
    expect(await listed(`?client_id=${client.client_id}`)).toEqual([]);
    const events = await test.db
      .select({ action: audit_events.action })
      .from(audit_events)
      .where(and(eq(audit_events.entity_type, 'kit'), eq(audit_events.entity_id, kitCode)));
    expect(events.map((event) => event.action).toSorted()).toEqual(['lent', 'returned']);
  });

  it('answers 404 for a kit that does not exist', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/v2/gauge_mrp/kits/99999/return/',
      headers: warehouse.headers,
      payload: {},
    });
    expect(response.statusCode).toBe(404);
    expect(errorMessage(response)).toBe('Kit not found');
  });
});
