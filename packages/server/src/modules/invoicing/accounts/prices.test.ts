import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsMessages, priceMessages, priceRowSchema, pricesSchema, type Prices } from '@lab/domain';
import { audit_events, job_types, kits, price_list } from '../../../db/schema/index';
import { errorMessage, signInAs, type SignedInUser, type TestApp } from '../../../testing';
import { createClient, createCollection, type ClientRow } from '../../../testing/factories';
import { firstId } from '../../cases/cases-test-kit';
import { invoicingKit } from '../invoicing-test-kit';

// The price list on the Accounts page (issue 32) through the real app: the list with the job types'
// default prices, an administrator setting (replacing) and removing a price and a job type's default
// price, each audited — and the next invoice a dispatch raises charging it. Every refusal with its
// message, and a refused write changes nothing.

let test: TestApp;
let staff: SignedInUser;
let admin: SignedInUser;
let designer: SignedInUser;
let restricted: SignedInUser;
const { start, caseAt, dispatch, onlyInvoice } = invoicingKit();
beforeAll(async () => {
  ({ test, staff } = await start());
  admin = await signInAs(test, { admin: true });
  designer = await signInAs(test, { department: 'DESIGN' });
  restricted = await signInAs(test, { department: 'ADMIN', restricted: true });
});
afterAll(() => test.close());

const adminOnly = 'Only an administrator may do this';
const accountsRestricted = 'Accounts is not available to your account';

const pricesUrl = '/api/v2/accounts/prices/';

const get = (url: string, user: SignedInUser = admin) =>
  test.app.inject({ method: 'GET', url, headers: user.headers });
const postPrice = (payload: object, user: SignedInUser = admin) =>
  test.app.inject({ method: 'POST', url: pricesUrl, headers: user.headers, payload });
const removePrice = (id: number | string, user: SignedInUser = admin) =>
  test.app.inject({ method: 'DELETE', url: `${pricesUrl}${id}/`, headers: user.headers });
const patchJobType = (id: number | string, payload: object, user: SignedInUser = admin) =>
  test.app.inject({
    method: 'PATCH',
    url: `/api/v2/accounts/job_types/${id}/`,
    headers: user.headers,
    payload,
  });

const loadPrices = async (query = '', user: SignedInUser = admin): Promise<Prices> => {
  const response = await get(`${pricesUrl}${query}`, user);
  expect(response.statusCode, response.body).toBe(200);
  return pricesSchema.parse(response.json());
};

const jobTypeId = (name: string) =>
  firstId(test.db.select({ id: job_types.id }).from(job_types).where(eq(job_types.name, name)), name);

/** The job type's default price as stored. */
const defaultPriceOf = async (id: number) => {
  const [row] = await test.db.select({ price: job_types.price }).from(job_types).where(eq(job_types.id, id));
  return row?.price;
};

const priceRows = () => test.db.select().from(price_list).orderBy(asc(price_list.id));

const auditOf = (entity: 'price' | 'job_type', id: number) =>
  test.db
    .select({
      action: audit_events.action,
      changes: audit_events.changed_values,
      actor: audit_events.actor_reference,
    })
    .from(audit_events)
    .where(and(eq(audit_events.entity_type, entity), eq(audit_events.entity_id, String(id))))
    .orderBy(asc(audit_events.id));

/** Every audit row of the price list and the job types' prices. */
const priceAudit = () =>
  test.db
    .select()
    .from(audit_events)
    .where(inArray(audit_events.entity_type, ['price', 'job_type']))
    .orderBy(asc(audit_events.id));

/** What the price list looks like now: its rows, the job types' prices and their audit rows. */
const snapshot = async () => ({
  rows: await priceRows(),
  jobTypes: await test.db.select().from(job_types).orderBy(asc(job_types.id)),
  audit: await priceAudit(),
});

/** An AU client's case of the job type, dispatched (which raises its invoice); its job type line. */
const billedJobTypeLine = async (client: ClientRow, jobTypeName: string) => {
  const collection = await createCollection(test.db, {
    client,
    cases: [{ statusName: 'Design In Progress', jobTypeName }],
  });
  const dispatched = caseAt(collection, 0);
  await dispatch(dispatched);
  const invoice = await onlyInvoice(dispatched);
  const lines = invoice.lines.filter((line) => line.description === jobTypeName);
  expect(lines).toHaveLength(1);
  return { invoice, line: lines[0] };
};

describe('GET /api/v2/accounts/prices/', () => {
  it('lists the seeded part and kit prices of each market, and every job type with its default price', async () => {
    const prices = await loadPrices();
    const stored = await priceRows();
    expect(prices.rows.map((row) => row.id).toSorted((a, b) => a - b)).toEqual(stored.map((row) => row.id));
    for (const market of [
      { country: 'AU', currency: 'AUD' },
      { country: 'NZ', currency: 'NZD' },
    ]) {
      const mine = prices.rows.filter((row) => row.country === market.country);
      expect(mine.every((row) => row.currency === market.currency)).toBe(true);
      expect(mine.filter((row) => row.kind === 'component').length).toBeGreaterThan(0);
      expect(mine.filter((row) => row.kind === 'kit').length).toBeGreaterThan(0);
    }
    // Each row names its item as the database has it; the seed prices the market, for no client.
    for (const row of prices.rows) {
      const source = stored.find((s) => s.id === row.id);
      expect(row.client).toBeNull();
      expect(row.unit_price).toBe(source?.unit_price);
      expect(row.item_code).not.toBeNull();
      expect(row.item_id).toBe(row.kind === 'kit' ? source?.kit_id : source?.component_id);
    }
    const pricingKit = prices.rows.find((row) => row.kind === 'kit' && row.country === 'AU');
    const [kit] = await test.db
      .select({ name: kits.name, code: kits.code })
      .from(kits)
      .where(eq(kits.id, pricingKit?.item_id ?? 0));
    expect(pricingKit).toMatchObject({ item_name: kit?.name, item_code: kit?.code, unit_price: '250.00' });

    const allJobTypes = await test.db
      .select({ id: job_types.id, name: job_types.name, price: job_types.price })
      .from(job_types);
    expect(prices.job_types).toEqual(allJobTypes.toSorted((a, b) => a.name.localeCompare(b.name)));
    expect(prices.job_types).toContainEqual({
      id: await jobTypeId('Screw-Retained Bridge'),
      name: 'Screw-Retained Bridge',
      price: '2450.00',
    });
  });

  it("filters to a client's own rows, and by kind", async () => {
    const client = await createClient(test.db);
    const other = await createClient(test.db);
    expect((await loadPrices(`?client_id=${client.client_id}`)).rows).toEqual([]);
    const set = await postPrice({
      kind: 'job_type',
      item_id: await jobTypeId('Nightguard'),
      country: 'AU',
      currency: 'AUD',
      client_id: client.client_id,
      unit_price: '199.00',
    });
    expect(set.statusCode, set.body).toBe(200);
    const row = priceRowSchema.parse(set.json());

    const mine = await loadPrices(`?client_id=${client.client_id}`);
    expect(mine.rows).toEqual([row]);
    // The job types' default prices come whatever the filter.
    expect(mine.job_types).toEqual((await loadPrices()).job_types);
    expect((await loadPrices(`?client_id=${other.client_id}`)).rows).toEqual([]);
    expect((await loadPrices()).rows).toContainEqual(row);

    const kitRows = (await loadPrices('?kind=kit')).rows;
    expect(kitRows.length).toBeGreaterThan(0);
    expect(kitRows.every((r) => r.kind === 'kit')).toBe(true);
    expect((await loadPrices('?kind=job_type')).rows.filter((r) => r.kind !== 'job_type')).toEqual([]);
    expect((await loadPrices('?kind=job_type')).rows).toContainEqual(row);
  });

  it('answers 400 for a bad filter', async () => {
    for (const [query, message] of [
      ['?client_id=abc', accountsMessages.clientNotFound],
      ['?client_id=0', accountsMessages.clientNotFound],
      ['?kind=service', priceMessages.unknownItem],
    ] as const) {
      const response = await get(`${pricesUrl}${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(errorMessage(response)).toBe(message);
    }
  });

  it('is every employee’s but the restricted', async () => {
    expect((await get(pricesUrl, designer)).statusCode).toBe(200);
    expect((await get(pricesUrl, staff)).statusCode).toBe(200);
    const refused = await get(pricesUrl, restricted);
    expect(refused.statusCode).toBe(403);
    expect(errorMessage(refused)).toBe(accountsRestricted);
    expect((await test.app.inject({ method: 'GET', url: pricesUrl })).statusCode).toBe(401);
  });
});

describe('POST /api/v2/accounts/prices/', () => {
  it("sets a client's price, replaces it when set again, audits both, and bills the client's next case at it", async () => {
    const client = await createClient(test.db);
    const other = await createClient(test.db);
    const abutment = await jobTypeId('Custom Abutment');
    expect(await defaultPriceOf(abutment)).toBe('395.00');
    const body = {
      kind: 'job_type',
      item_id: abutment,
      country: 'AU',
      currency: 'AUD',
      client_id: client.client_id,
      unit_price: '333.00',
    };

    const first = await postPrice(body);
    expect(first.statusCode, first.body).toBe(200);
    const row = priceRowSchema.parse(first.json());
    expect(row).toEqual({
      id: expect.any(Number),
      kind: 'job_type',
      item_id: abutment,
      item_name: 'Custom Abutment',
      item_code: null,
      country: 'AU',
      currency: 'AUD',
      client: { client_id: client.client_id, name: client.name },
      unit_price: '333.00',
    });

    // Again for the same item, market and client: the row is replaced, never doubled.
    const again = await postPrice({ ...body, unit_price: ' 310.5 ' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ ...row, unit_price: '310.50' });
    const stored = await test.db
      .select({ id: price_list.id, unit_price: price_list.unit_price, client_id: price_list.client_id })
      .from(price_list)
      .where(and(eq(price_list.job_type_id, abutment), eq(price_list.client_id, client.id)));
    expect(stored).toEqual([{ id: row.id, unit_price: '310.50', client_id: client.id }]);
    expect((await loadPrices(`?client_id=${client.client_id}`)).rows).toEqual([
      { ...row, unit_price: '310.50' },
    ]);

    const changes = (old: string | null, now: string) => ({
      item: 'Custom Abutment',
      market: 'AU AUD',
      client: client.name,
      unit_price: { old, new: now },
    });
    expect(await auditOf('price', row.id)).toEqual([
      { action: 'set', actor: admin.username, changes: changes(null, '333.00') },
      { action: 'set', actor: admin.username, changes: changes('333.00', '310.50') },
    ]);

    // The billing effect: the client's case is charged its price; another client's, the default.
    const billed = await billedJobTypeLine(client, 'Custom Abutment');
    expect(billed.invoice.currency).toBe('AUD');
    expect(billed.line).toMatchObject({ unit_price: '310.50', total_qty: '1.00', total_amount: '310.50' });
    expect((await billedJobTypeLine(other, 'Custom Abutment')).line).toMatchObject({
      unit_price: '395.00',
      total_amount: '395.00',
    });

    // A price for the whole market bills every client without one of its own; the client's still wins.
    // Removed, the job type's default price is charged again.
    const market = await postPrice({ ...body, client_id: null, unit_price: '380.00' });
    expect(market.statusCode, market.body).toBe(200);
    const marketRow = priceRowSchema.parse(market.json());
    expect(marketRow).toMatchObject({ client: null, unit_price: '380.00' });
    expect(marketRow.id).not.toBe(row.id);
    expect((await billedJobTypeLine(other, 'Custom Abutment')).line?.unit_price).toBe('380.00');
    expect((await billedJobTypeLine(client, 'Custom Abutment')).line?.unit_price).toBe('310.50');
    const removed = await removePrice(marketRow.id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await billedJobTypeLine(other, 'Custom Abutment')).line?.unit_price).toBe('395.00');
    // An NZ price leaves the AU client's case alone.
    const nz = await postPrice({ ...body, country: 'NZ', currency: 'NZD', unit_price: '1.00' });
    expect(nz.statusCode, nz.body).toBe(200);
    expect((await billedJobTypeLine(client, 'Custom Abutment')).line?.unit_price).toBe('310.50');
  });

  it('prices a part or a kit, named with its code', async () => {
    const [kitRow] = (await loadPrices('?kind=kit')).rows;
    if (!kitRow) throw new Error('no kit row');
    const client = await createClient(test.db);
    const response = await postPrice({
      kind: 'kit',
      item_id: kitRow.item_id,
      country: kitRow.country,
      currency: kitRow.currency,
      client_id: client.client_id,
      unit_price: '199.99',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      kind: 'kit',
      item_id: kitRow.item_id,
      item_name: kitRow.item_name,
      item_code: kitRow.item_code,
      client: { client_id: client.client_id, name: client.name },
      unit_price: '199.99',
    });
    // The market's row stays as it was.
    expect((await loadPrices('?kind=kit')).rows).toContainEqual(kitRow);
  });

  it('answers 400 with the message for a bad body, writing nothing', async () => {
    const nightguard = await jobTypeId('Nightguard');
    const [last] = await test.db.select({ max: sql<number>`max(${job_types.id})::int` }).from(job_types);
    const [lastKit] = await test.db.select({ max: sql<number>`max(${kits.id})::int` }).from(kits);
    const valid = {
      kind: 'job_type',
      item_id: nightguard,
      country: 'AU',
      currency: 'AUD',
      client_id: null,
      unit_price: '15.00',
    };
    const before = await snapshot();
    const refusals: [object, string][] = [
      [{ ...valid, kind: 'service' }, priceMessages.unknownItem],
      [{ ...valid, kind: undefined }, priceMessages.unknownItem],
      [{ ...valid, item_id: Number(last?.max) + 1000 }, priceMessages.unknownItem],
      [{ ...valid, kind: 'kit', item_id: Number(lastKit?.max) + 1000 }, priceMessages.unknownItem],
      [{ ...valid, kind: 'component', item_id: 2_000_000_000 }, priceMessages.unknownItem],
      [{ ...valid, item_id: 0 }, priceMessages.unknownItem],
      [{ ...valid, item_id: 1.5 }, priceMessages.unknownItem],
      [{ ...valid, item_id: 3_000_000_000 }, priceMessages.unknownItem],
      [{ ...valid, item_id: String(nightguard) }, priceMessages.unknownItem],
      [{ ...valid, unit_price: 'abc' }, priceMessages.priceInvalid],
      [{ ...valid, unit_price: '-5.00' }, priceMessages.priceInvalid],
      [{ ...valid, unit_price: '1.234' }, priceMessages.priceInvalid],
      [{ ...valid, unit_price: '' }, priceMessages.priceInvalid],
      [{ ...valid, unit_price: 15 }, priceMessages.priceInvalid],
      [{ ...valid, unit_price: undefined }, priceMessages.priceInvalid],
      [{ ...valid, client_id: 2_000_000_000 }, accountsMessages.clientNotFound],
      [{ ...valid, client_id: -1 }, accountsMessages.clientNotFound],
      [{ ...valid, country: 'US' }, priceMessages.countryInvalid],
      [{ ...valid, currency: 'USD' }, priceMessages.currencyInvalid],
    ];
    for (const [body, message] of refusals) {
      const response = await postPrice(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorMessage(response), JSON.stringify(body)).toBe(message);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('is the administrator’s: 403 for other staff and the restricted, 401 signed out, writing nothing', async () => {
    const body = {
      kind: 'job_type',
      item_id: await jobTypeId('Nightguard'),
      country: 'AU',
      currency: 'AUD',
      unit_price: '15.00',
    };
    const before = await snapshot();
    for (const user of [designer, staff, restricted]) {
      const response = await postPrice(body, user);
      expect(response.statusCode, user.username).toBe(403);
      expect(errorMessage(response)).toBe(adminOnly);
    }
    const anonymous = await test.app.inject({ method: 'POST', url: pricesUrl, payload: body });
    expect(anonymous.statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });
});

describe('DELETE /api/v2/accounts/prices/{id}/', () => {
  it('removes the row and audits it; an unknown one is 404', async () => {
    const client = await createClient(test.db);
    const set = await postPrice({
      kind: 'job_type',
      item_id: await jobTypeId('Surgical Guide'),
      country: 'AU',
      currency: 'AUD',
      client_id: client.client_id,
      unit_price: '400.00',
    });
    expect(set.statusCode, set.body).toBe(200);
    const row = priceRowSchema.parse(set.json());

    // Refused first: nothing changes.
    const before = await snapshot();
    for (const user of [designer, staff, restricted]) {
      const response = await removePrice(row.id, user);
      expect(response.statusCode, user.username).toBe(403);
      expect(errorMessage(response)).toBe(adminOnly);
    }
    expect((await test.app.inject({ method: 'DELETE', url: `${pricesUrl}${row.id}/` })).statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);

    const response = await removePrice(row.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ removed: true });
    expect((await loadPrices(`?client_id=${client.client_id}`)).rows).toEqual([]);
    expect(await test.db.select().from(price_list).where(eq(price_list.id, row.id))).toEqual([]);
    expect((await auditOf('price', row.id)).at(-1)).toEqual({
      action: 'removed',
      actor: admin.username,
      changes: {
        item: 'Surgical Guide',
        market: 'AU AUD',
        client: client.name,
        unit_price: { old: '400.00', new: null },
      },
    });

    const after = await snapshot();
    const gone = await removePrice(row.id);
    expect(gone.statusCode).toBe(404);
    expect(errorMessage(gone)).toBe(priceMessages.priceNotFound);
    const bad = await removePrice('abc');
    expect(bad.statusCode).toBe(400);
    expect(await snapshot()).toEqual(after);
  });
});

describe('PATCH /api/v2/accounts/job_types/{id}/', () => {
  it("sets a job type's default price, audited, and the next case of that type without a price row is billed at it", async () => {
    const bar = await jobTypeId('Implant Bar');
    expect(await defaultPriceOf(bar)).toBe('1850.00');
    const response = await patchJobType(bar, { price: '1999.00' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ id: bar, name: 'Implant Bar', price: '1999.00' });
    expect((await loadPrices()).job_types).toContainEqual({ id: bar, name: 'Implant Bar', price: '1999.00' });
    expect(await auditOf('job_type', bar)).toEqual([
      {
        action: 'price_set',
        actor: admin.username,
        changes: { name: 'Implant Bar', price: { old: '1850.00', new: '1999.00' } },
      },
    ]);
    expect((await loadPrices('?kind=job_type')).rows.filter((row) => row.item_id === bar)).toEqual([]);

    const { line } = await billedJobTypeLine(await createClient(test.db), 'Implant Bar');
    expect(line).toMatchObject({ unit_price: '1999.00', total_amount: '1999.00' });
  });

  it('answers 400 for a bad price, 404 for an unknown job type and 403 for others than the administrator, changing nothing', async () => {
    const guide = await jobTypeId('Surgical Guide');
    const [last] = await test.db.select({ max: sql<number>`max(${job_types.id})::int` }).from(job_types);
    const before = await snapshot();
    for (const price of ['abc', '-1.00', '1.234', '', 12, null, undefined]) {
      const response = await patchJobType(guide, { price });
      expect(response.statusCode, String(price)).toBe(400);
      expect(errorMessage(response)).toBe(priceMessages.priceInvalid);
    }
    const unknown = await patchJobType(Number(last?.max) + 1000, { price: '10.00' });
    expect(unknown.statusCode).toBe(404);
    expect(errorMessage(unknown)).toBe(priceMessages.unknownItem);
    for (const user of [designer, staff, restricted]) {
      const refused = await patchJobType(guide, { price: '10.00' }, user);
      expect(refused.statusCode, user.username).toBe(403);
      expect(errorMessage(refused)).toBe(adminOnly);
    }
    expect(await snapshot()).toEqual(before);
    expect(await defaultPriceOf(guide)).toBe('420.00');
  });
});
