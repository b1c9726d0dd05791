import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientCollectionsPage, ClientDetails } from '@lab/domain';
import { collections, invoice_lines, invoices } from '../../db/schema/index';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createClient, createCollection, type ClientRow } from '../../testing/factories';

// GET /api/v2/client/{id}/ and GET /api/v2/client/{id}/collections/, and the page itself.

let test: TestApp;
let staff: SignedInUser;
let practice: ClientRow;
let group: ClientRow;
let quiet: ClientRow;

const get = (url: string, headers: Record<string, string> = staff.headers) =>
  test.app.inject({ method: 'GET', url, headers });

const addInvoice = async (options: {
  collectionUid: string;
  shippingClientId: number;
  billingClientId?: number | null;
  freight: string;
  lines: { qty: string | null; price: string | null; amount: string }[];
  finalised?: boolean;
  currency?: string;
}) => {
  const [invoice] = await test.db
    .insert(invoices)
    .values({
      collection_uid: options.collectionUid,
      shipping_client_id: options.shippingClientId,
      billing_client_id: options.billingClientId ?? null,
      freight: options.freight,
      currency: options.currency ?? 'AUD',
      finalised: options.finalised ?? false,
      finalised_at: options.finalised ? new Date() : null,
    })
    .returning();
  if (!invoice) throw new Error('invoice not created');
  await test.db.insert(invoice_lines).values(
    options.lines.map((line) => ({
      invoice_id: invoice.id,
      description: 'Crown',
      total_qty: line.qty,
      unit_price: line.price,
      total_amount: line.amount,
    })),
  );
};

beforeAll(async () => {
  test = await createTestApp();
  staff = await signInAs(test);
  group = await createClient(test.db, { name: 'Southern Group Accounts' });
  practice = await createClient(test.db, { name: 'Carlton Dental Studio', accountNumber: 'C12345' });
  quiet = await createClient(test.db, { name: 'Quiet Practice', isCashCustomer: true, accountNumber: null });
  // 27 active collections (the newest billed to the group) and 2 archived ones.
  const base = Date.now() - 60 * 86_400_000;
  for (let i = 0; i < 27; i += 1) {
    await createCollection(test.db, {
      client: practice,
      patientReference: `Active ${i}`,
      added: new Date(base + i * 86_400_000),
      billingClient: i === 26 ? group : null,
      cases: [{ statusName: 'Design In Progress' }],
    });
  }
  for (let i = 0; i < 2; i += 1) {
    await createCollection(test.db, {
      client: practice,
      patientReference: `Archived ${i}`,
      cases: [{ statusName: 'Dispatched' }, { statusName: 'Cancelled' }],
    });
  }
  const [first] = await test.db.select().from(collections).limit(1);
  if (!first) throw new Error('no collection');
  // Open: 2 × 100 + 50 freight (the unpriced line does not count); finalised ones are not open.
  await addInvoice({
    collectionUid: first.uid,
    shippingClientId: practice.id,
    freight: '50.00',
    lines: [
      { qty: '2', price: '100.00', amount: '200.00' },
      { qty: null, price: null, amount: '999.00' },
    ],
  });
  await addInvoice({
    collectionUid: first.uid,
    shippingClientId: practice.id,
    freight: '10.00',
    lines: [{ qty: '1', price: '80.00', amount: '80.00' }],
    finalised: true,
  });
  // Billed to the group: the group's open work, not the practice's.
  await addInvoice({
    collectionUid: first.uid,
    shippingClientId: practice.id,
    billingClientId: group.id,
    freight: '0.00',
    lines: [{ qty: '1', price: '500.00', amount: '500.00' }],
  });
});
afterAll(() => test.close());

describe('GET /api/v2/client/{id}/', () => {
  it('answers the details, the billing client, open invoices and collection counts', async () => {
    const response = await get(`/api/v2/client/${practice.client_id}/`);
    expect(response.statusCode).toBe(200);
    const details = response.json<ClientDetails>();
    expect(details).toMatchObject({
      id: practice.client_id,
      uid: practice.uid,
      name: 'Carlton Dental Studio',
      country: 'AU',
      account_number: 'C12345',
      is_cash_customer: false,
      billing_client: { id: group.client_id, uid: group.uid, name: 'Southern Group Accounts', country: 'AU' },
      credit_limit: null,
      // What it owes: the finalised invoice, 80 + 10 freight and 10 % GST (invoice-figures.ts).
      current_balance: '99.00',
      open_invoices: [{ currency: 'AUD', invoice_count: 1, total: '250.00' }],
      collection_count: 29,
      active_collection_count: 27,
    });
  });

  it('answers a client without collections or invoices, and a cash customer', async () => {
    const details = (await get(`/api/v2/client/${quiet.client_id}/`)).json<ClientDetails>();
    expect(details).toMatchObject({
      is_cash_customer: true,
      account_number: null,
      billing_client: null,
      open_invoices: [],
      collection_count: 0,
      active_collection_count: 0,
    });
    const groupDetails = (await get(`/api/v2/client/${group.client_id}/`)).json<ClientDetails>();
    expect(groupDetails.open_invoices).toEqual([{ currency: 'AUD', invoice_count: 1, total: '500.00' }]);
  });

  it("answers 404 'Client not found' for an unknown, malformed or too large id", async () => {
    for (const id of ['999999', 'abc', '0', '99999999999', String(practice.uid)]) {
      const response = await get(`/api/v2/client/${id}/`);
      expect(response.statusCode).toBe(404);
      expect(errorMessage(response)).toBe('Client not found');
    }
  });

  it('answers 401 without a token', async () => {
    expect((await get(`/api/v2/client/${practice.client_id}/`, {})).statusCode).toBe(401);
  });
});

describe('GET /api/v2/client/{id}/collections/', () => {
  const page = (query: string, id = practice.client_id) => get(`/api/v2/client/${id}/collections/${query}`);

  it('pages the active collections 25 at a time, newest first', async () => {
    const first = (await page('')).json<ClientCollectionsPage>();
    expect(first).toMatchObject({ status: 'active', page: 1, page_size: 25, total: 27 });
    expect(first.collections).toHaveLength(25);
    expect(first.collections[0]).toMatchObject({
      patient_reference: 'Active 26',
      client_name: 'Carlton Dental Studio',
      country: 'AU',
      active: true,
      case_count: 1,
    });
    const ids = first.collections.map((c) => c.collection_id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const second = (await page('?page=2&status=active')).json<ClientCollectionsPage>();
    expect(second.collections.map((c) => c.patient_reference)).toEqual(['Active 1', 'Active 0']);
    const beyond = (await page('?page=3')).json<ClientCollectionsPage>();
    expect(beyond).toMatchObject({ page: 3, total: 27, collections: [] });
  });

  it('lists the archived collections (no case active) apart', async () => {
    const archived = (await page('?status=archived')).json<ClientCollectionsPage>();
    expect(archived.total).toBe(2);
    expect(archived.collections.map((c) => [c.patient_reference, c.active, c.case_count])).toEqual([
      ['Archived 1', false, 2],
      ['Archived 0', false, 2],
    ]);
  });

  it('refuses a bad page or status with 400, and an unknown client with 404', async () => {
    const badPage = await page('?page=0');
    expect(badPage.statusCode).toBe(400);
    expect(errorMessage(badPage)).toBe('Page must be a whole number from 1');
    expect(errorMessage(await page('?page=x'))).toBe('Page must be a whole number from 1');
    const badStatus = await page('?status=all');
    expect(badStatus.statusCode).toBe(400);
    expect(errorMessage(badStatus)).toBe('Status must be active or archived');
    const unknown = await page('', 999999);
    expect(unknown.statusCode).toBe(404);
    expect(errorMessage(unknown)).toBe('Client not found');
  });

  it('answers an empty first page for a client without collections', async () => {
    const empty = (await page('', quiet.client_id)).json<ClientCollectionsPage>();
    expect(empty).toMatchObject({ total: 0, collections: [] });
  });
});

describe('/static/v2/client.html', () => {
  it('is a staff page: the client page itself, not the other systems placeholder', async () => {
    const anonymous = await test.app.inject({ method: 'GET', url: '/static/v2/client.html?id=1' });
    expect(anonymous.statusCode).toBe(303);
    const page = await test.app.inject({
      method: 'GET',
      url: `/static/v2/client.html?id=${practice.client_id}`,
      headers: { cookie: staff.cookie },
    });
    // 503 until the web app is built; either way it is not the 'not available' page.
    expect([200, 503]).toContain(page.statusCode);
    expect(page.body).not.toContain('This system is not available');
  });
});
