import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collectionSchema,
  courierAdminMessages,
  courierAdminSchema,
  courierSchema,
  dispatchMessages,
  type CourierAdmin,
} from '@lab/domain';
import { z } from 'zod';
import { audit_events, branches, courier_rates, couriers } from '../../db/schema/index';
import { errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createCollection } from '../../testing/factories';
import { firstId } from '../cases/cases-test-kit';
import { invoicingKit } from '../invoicing/invoicing-test-kit';

// The couriers an administrator keeps on the Accounts page (issue 32) through the real app: the list with
// each courier's rates, adding, renaming, retiring one and setting its rate from a branch, each audited.
// New Dispatch's courier list (cached in the process) follows every change, and a dispatch from a branch
// puts the courier's rate there on the invoice as freight. Every refusal with its message, and a refused
// write changes nothing.

let test: TestApp;
let staff: SignedInUser;
let admin: SignedInUser;
let designer: SignedInUser;
let restricted: SignedInUser;
let melbourne: number;
let auckland: number;
const { start, caseAt, onlyInvoice } = invoicingKit();
beforeAll(async () => {
  ({ test, staff } = await start());
  admin = await signInAs(test, { admin: true });
  designer = await signInAs(test, { department: 'DESIGN' });
  restricted = await signInAs(test, { department: 'ADMIN', restricted: true });
  const branchId = (name: string) =>
    firstId(test.db.select({ id: branches.id }).from(branches).where(eq(branches.name, name)), name);
  melbourne = await branchId('Melbourne');
  auckland = await branchId('Auckland');
});
afterAll(() => test.close());

const adminOnly = 'Only an administrator may do this';
const accountsRestricted = 'Accounts is not available to your account';
const adminUrl = '/api/v2/accounts/couriers/';
const template = 'https://track.example.com/parcel/{tracking}';

const get = (url: string, user: SignedInUser = admin) =>
  test.app.inject({ method: 'GET', url, headers: user.headers });
const createCourier = (payload: object, user: SignedInUser = admin) =>
  test.app.inject({ method: 'POST', url: adminUrl, headers: user.headers, payload });
const patchCourier = (id: number | string, payload: object, user: SignedInUser = admin) =>
  test.app.inject({ method: 'PATCH', url: `${adminUrl}${id}/`, headers: user.headers, payload });
const putRate = (id: number | string, payload: object, user: SignedInUser = admin) =>
  test.app.inject({ method: 'PUT', url: `${adminUrl}${id}/rates/`, headers: user.headers, payload });

const listAdmin = async (user: SignedInUser = admin): Promise<CourierAdmin[]> => {
  const response = await get(adminUrl, user);
  expect(response.statusCode, response.body).toBe(200);
  return z.array(courierAdminSchema).parse(response.json());
};

/** New Dispatch's list: the couriers a dispatch may name. */
const newDispatchList = async () => {
  const response = await get('/api/v2/dispatches/couriers/', staff);
  expect(response.statusCode, response.body).toBe(200);
  return z.array(courierSchema).parse(response.json());
};

let counter = 0;
/** A name no courier has yet. */
const freshName = () => {
  counter += 1;
  return `Swift Parcels ${counter}`;
};

/** A new courier through the API. */
const newCourier = async (name = freshName()): Promise<CourierAdmin> => {
  const response = await createCourier({ name, tracking_url_template: template });
  expect(response.statusCode, response.body).toBe(200);
  return courierAdminSchema.parse(response.json());
};

const courierAudit = (id: number) =>
  test.db
    .select({
      action: audit_events.action,
      changes: audit_events.changed_values,
      actor: audit_events.actor_reference,
    })
    .from(audit_events)
    .where(and(eq(audit_events.entity_type, 'courier'), eq(audit_events.entity_id, String(id))))
    .orderBy(asc(audit_events.id));

/** The couriers, their rates and their audit rows as stored. */
const snapshot = async () => ({
  couriers: await test.db.select().from(couriers).orderBy(asc(couriers.id)),
  rates: await test.db
    .select()
    .from(courier_rates)
    .orderBy(asc(courier_rates.courier_id), asc(courier_rates.branch_id)),
  audit: await test.db
    .select()
    .from(audit_events)
    .where(eq(audit_events.entity_type, 'courier'))
    .orderBy(asc(audit_events.id)),
});

/** A New Dispatch of a one-case AU collection at the Melbourne branch with the courier; its invoice. */
const dispatchWith = async (courierId: number) => {
  const collection = await createCollection(test.db, {
    branch: 'Melbourne',
    cases: [{ statusName: 'Ready for Dispatch' }],
  });
  const response = await test.app.inject({
    method: 'POST',
    url: `/api/v2/collection/${collection.uid}/dispatches/`,
    headers: staff.headers,
    payload: {
      case_uids: [caseAt(collection, 0).uid],
      courier_id: courierId,
      tracking_reference: 'SP000111',
      shipping_address: {
        address_line_1: '1 Collins Street',
        suburb: 'Melbourne',
        state: 'VIC',
        postcode: '3000',
        country: 'AU',
      },
    },
  });
  return { collection, response };
};

const dispatchedInvoice = async (courierId: number) => {
  const { collection, response } = await dispatchWith(courierId);
  expect(response.statusCode, response.body).toBe(201);
  expect(collectionSchema.parse(response.json()).dispatches).toHaveLength(1);
  return onlyInvoice(caseAt(collection, 0));
};

describe('GET /api/v2/accounts/couriers/', () => {
  it('lists every courier with its rate from each branch', async () => {
    const list = await listAdmin();
    const stored = await test.db.select().from(couriers);
    expect(list.map((c) => c.id).toSorted((a, b) => a - b)).toEqual(
      stored.map((c) => c.id).toSorted((a, b) => a - b),
    );
    expect(list.find((c) => c.name === 'StarTrack')).toMatchObject({
      is_active: true,
      tracking_url_template: expect.stringContaining('{tracking}') as unknown,
      rates: [
        { branch_id: melbourne, branch: 'Melbourne', freight: '15.00' },
        { branch_id: expect.any(Number) as unknown, branch: 'Sydney', freight: '15.00' },
      ],
    });
    expect(list.find((c) => c.name === 'NZ Post')?.rates).toEqual([
      { branch_id: auckland, branch: 'Auckland', freight: '9.50' },
    ]);
    const rateCount = (await test.db.select().from(courier_rates)).length;
    expect(list.reduce((sum, c) => sum + c.rates.length, 0)).toBe(rateCount);
  });

  it('is every employee’s but the restricted', async () => {
    expect((await get(adminUrl, designer)).statusCode).toBe(200);
    expect((await get(adminUrl, staff)).statusCode).toBe(200);
    const refused = await get(adminUrl, restricted);
    expect(refused.statusCode).toBe(403);
    expect(errorMessage(refused)).toBe(accountsRestricted);
    expect((await test.app.inject({ method: 'GET', url: adminUrl })).statusCode).toBe(401);
  });
});

describe('POST /api/v2/accounts/couriers/', () => {
  it('adds a courier, audited, that New Dispatch then offers', async () => {
    // New Dispatch's list read first, so it is held in the process.
    const offered = await newDispatchList();
    const response = await createCourier({
      name: '  Swift Parcels  ',
      tracking_url_template: ` ${template} `,
    });
    expect(response.statusCode, response.body).toBe(200);
    const created = courierAdminSchema.parse(response.json());
    expect(created).toEqual({
      id: expect.any(Number) as unknown,
      name: 'Swift Parcels',
      tracking_url_template: template,
      is_active: true,
      rates: [],
    });
    expect(await listAdmin()).toContainEqual(created);
    // Last in the list.
    expect(await newDispatchList()).toEqual([
      ...offered,
      { id: created.id, name: 'Swift Parcels', tracking_url_template: template },
    ]);
    expect(await courierAudit(created.id)).toEqual([
      {
        action: 'created',
        actor: admin.username,
        changes: { name: 'Swift Parcels', tracking_url_template: template },
      },
    ]);
    // A dispatch may name it; without a rate it adds no freight.
    expect((await dispatchedInvoice(created.id)).freight).toBe('0.00');
  });

  it('answers 409 for a name taken in any case, and 400 for a bad name or tracking link, writing nothing', async () => {
    const existing = await newCourier();
    const before = await snapshot();
    const offered = await newDispatchList();
    const refusals: [object, number, string][] = [
      [
        { name: existing.name.toUpperCase(), tracking_url_template: template },
        409,
        courierAdminMessages.nameTaken,
      ],
      [{ name: ` ${existing.name} `, tracking_url_template: template }, 409, courierAdminMessages.nameTaken],
      [{ name: 'startrack', tracking_url_template: template }, 409, courierAdminMessages.nameTaken],
      [
        { name: 'Parcel Co', tracking_url_template: 'http://track.example.com/{tracking}' },
        400,
        courierAdminMessages.template,
      ],
      [
        { name: 'Parcel Co', tracking_url_template: 'https://track.example.com/' },
        400,
        courierAdminMessages.template,
      ],
      [{ name: 'Parcel Co', tracking_url_template: '' }, 400, courierAdminMessages.template],
      [{ name: 'Parcel Co' }, 400, courierAdminMessages.template],
      [{ name: '   ', tracking_url_template: template }, 400, courierAdminMessages.blank],
      [{ name: '', tracking_url_template: template }, 400, courierAdminMessages.blank],
      [{ tracking_url_template: template }, 400, courierAdminMessages.blank],
      [{ name: 42, tracking_url_template: template }, 400, courierAdminMessages.blank],
    ];
    for (const [body, status, message] of refusals) {
      const response = await createCourier(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(errorMessage(response), JSON.stringify(body)).toBe(message);
    }
    expect(await snapshot()).toEqual(before);
    expect(await newDispatchList()).toEqual(offered);
  });

  it('is the administrator’s: 403 for other staff and the restricted, 401 signed out', async () => {
    const before = await snapshot();
    const body = { name: 'Parcel Co', tracking_url_template: template };
    for (const user of [designer, staff, restricted]) {
      const response = await createCourier(body, user);
      expect(response.statusCode, user.username).toBe(403);
      expect(errorMessage(response)).toBe(adminOnly);
    }
    expect((await test.app.inject({ method: 'POST', url: adminUrl, payload: body })).statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });
});

describe('PATCH /api/v2/accounts/couriers/{id}/', () => {
  it('retires a courier (New Dispatch no longer offers it, nor may a dispatch name it) and brings it back', async () => {
    const courier = await newCourier();
    expect((await newDispatchList()).map((c) => c.id)).toContain(courier.id);

    const retired = await patchCourier(courier.id, { is_active: false });
    expect(retired.statusCode, retired.body).toBe(200);
    expect(retired.json()).toEqual({ ...courier, is_active: false });
    expect((await newDispatchList()).map((c) => c.id)).not.toContain(courier.id);
    expect((await listAdmin()).find((c) => c.id === courier.id)).toEqual({ ...courier, is_active: false });
    const { response } = await dispatchWith(courier.id);
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toBe(dispatchMessages.unknownCourier);

    expect((await patchCourier(courier.id, { is_active: true })).statusCode).toBe(200);
    expect((await newDispatchList()).map((c) => c.id)).toContain(courier.id);
    expect((await courierAudit(courier.id)).slice(1)).toEqual([
      { action: 'updated', actor: admin.username, changes: { is_active: { old: true, new: false } } },
      { action: 'updated', actor: admin.username, changes: { is_active: { old: false, new: true } } },
    ]);
  });

  it('renames it and changes its tracking link, which New Dispatch then shows; an unchanged body audits nothing', async () => {
    const courier = await newCourier();
    await newDispatchList();
    const name = freshName();
    const link = 'https://parcels.example.com/t?ref={tracking}';
    const response = await patchCourier(courier.id, { name: ` ${name} `, tracking_url_template: link });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ...courier, name, tracking_url_template: link });
    expect((await newDispatchList()).find((c) => c.id === courier.id)).toEqual({
      id: courier.id,
      name,
      tracking_url_template: link,
    });
    // Its own name in another case is no clash.
    const recased = await patchCourier(courier.id, { name: name.toUpperCase() });
    expect(recased.statusCode, recased.body).toBe(200);
    expect(recased.json()).toMatchObject({ name: name.toUpperCase() });
    expect((await courierAudit(courier.id)).slice(1)).toEqual([
      {
        action: 'updated',
        actor: admin.username,
        changes: {
          name: { old: courier.name, new: name },
          tracking_url_template: { old: template, new: link },
        },
      },
      {
        action: 'updated',
        actor: admin.username,
        changes: { name: { old: name, new: name.toUpperCase() } },
      },
    ]);

    const before = await snapshot();
    for (const body of [{}, { name: name.toUpperCase(), is_active: true }]) {
      const same = await patchCourier(courier.id, body);
      expect(same.statusCode, same.body).toBe(200);
      expect(same.json()).toMatchObject({ name: name.toUpperCase(), tracking_url_template: link });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 409 for a taken name, 400 for a bad one, 404 for an unknown courier and 403 for others, changing nothing', async () => {
    const courier = await newCourier();
    const other = await newCourier();
    const [last] = await test.db.select({ max: sql<number>`max(${couriers.id})::int` }).from(couriers);
    const before = await snapshot();
    const offered = await newDispatchList();
    const refusals: [number | string, object, number, string][] = [
      [courier.id, { name: other.name.toLowerCase() }, 409, courierAdminMessages.nameTaken],
      [courier.id, { name: 'StarTrack' }, 409, courierAdminMessages.nameTaken],
      [courier.id, { name: '  ' }, 400, courierAdminMessages.blank],
      [courier.id, { tracking_url_template: 'https://x.example.com/' }, 400, courierAdminMessages.template],
      [Number(last?.max) + 1000, { is_active: false }, 404, courierAdminMessages.unknownCourier],
    ];
    for (const [id, body, status, message] of refusals) {
      const response = await patchCourier(id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(errorMessage(response), JSON.stringify(body)).toBe(message);
    }
    for (const user of [designer, staff, restricted]) {
      const response = await patchCourier(courier.id, { is_active: false }, user);
      expect(response.statusCode, user.username).toBe(403);
      expect(errorMessage(response)).toBe(adminOnly);
    }
    expect(await snapshot()).toEqual(before);
    expect(await newDispatchList()).toEqual(offered);
  });

  it('lets only one of two renames to the same name at once through', async () => {
    const [first, second] = [await newCourier(), await newCourier()];
    const name = freshName();
    const answers = await Promise.all([
      patchCourier(first.id, { name }),
      patchCourier(second.id, { name: name.toLowerCase() }),
    ]);
    expect(answers.map((r) => r.statusCode).toSorted()).toEqual([200, 409]);
    const refused = answers.find((r) => r.statusCode === 409);
    if (refused) expect(errorMessage(refused)).toBe(courierAdminMessages.nameTaken);
    const named = await test.db
      .select({ id: couriers.id })
      .from(couriers)
      .where(sql`lower(${couriers.name}) = lower(${name})`);
    expect(named).toHaveLength(1);
  });
});

describe('PUT /api/v2/accounts/couriers/{id}/rates/', () => {
  it("sets the courier's rate from a branch, which a New Dispatch from there puts on the invoice; null removes it", async () => {
    const courier = await newCourier();
    const set = await putRate(courier.id, { branch_id: melbourne, freight: '19.90' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({
      ...courier,
      rates: [{ branch_id: melbourne, branch: 'Melbourne', freight: '19.90' }],
    });
    expect((await listAdmin()).find((c) => c.id === courier.id)?.rates).toEqual([
      { branch_id: melbourne, branch: 'Melbourne', freight: '19.90' },
    ]);
    expect((await dispatchedInvoice(courier.id)).freight).toBe('19.90');

    // Another branch's rate sits beside it; Melbourne's is replaced.
    expect((await putRate(courier.id, { branch_id: auckland, freight: '25' })).statusCode).toBe(200);
    const changed = await putRate(courier.id, { branch_id: melbourne, freight: ' 21.5 ' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(courierAdminSchema.parse(changed.json()).rates).toEqual([
      { branch_id: melbourne, branch: 'Melbourne', freight: '21.50' },
      { branch_id: auckland, branch: 'Auckland', freight: '25.00' },
    ]);
    expect((await dispatchedInvoice(courier.id)).freight).toBe('21.50');

    const removed = await putRate(courier.id, { branch_id: melbourne, freight: null });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(courierAdminSchema.parse(removed.json()).rates).toEqual([
      { branch_id: auckland, branch: 'Auckland', freight: '25.00' },
    ]);
    expect((await dispatchedInvoice(courier.id)).freight).toBe('0.00');

    const rateSet = (branch: string, old: string | null, now: string | null) => ({
      action: 'rate_set',
      actor: admin.username,
      changes: { branch, freight: { old, new: now } },
    });
    expect((await courierAudit(courier.id)).slice(1)).toEqual([
      rateSet('Melbourne', null, '19.90'),
      rateSet('Auckland', null, '25.00'),
      rateSet('Melbourne', '19.90', '21.50'),
      rateSet('Melbourne', '21.50', null),
    ]);
  });

  it('answers 400 for an unknown branch or a bad freight, 404 for an unknown courier and 403 for others, changing nothing', async () => {
    const courier = await newCourier();
    expect((await putRate(courier.id, { branch_id: melbourne, freight: '10.00' })).statusCode).toBe(200);
    const [lastBranch] = await test.db.select({ max: sql<number>`max(${branches.id})::int` }).from(branches);
    const [last] = await test.db.select({ max: sql<number>`max(${couriers.id})::int` }).from(couriers);
    const before = await snapshot();
    const refusals: [number, object, number, string][] = [
      [
        courier.id,
        { branch_id: Number(lastBranch?.max) + 1000, freight: '5.00' },
        400,
        courierAdminMessages.unknownBranch,
      ],
      [courier.id, { branch_id: 0, freight: '5.00' }, 400, courierAdminMessages.unknownBranch],
      [courier.id, { branch_id: 3_000_000_000, freight: '5.00' }, 400, courierAdminMessages.unknownBranch],
      [courier.id, { branch_id: 'Melbourne', freight: '5.00' }, 400, courierAdminMessages.unknownBranch],
      [courier.id, { freight: '5.00' }, 400, courierAdminMessages.unknownBranch],
      [courier.id, { branch_id: melbourne, freight: 'abc' }, 400, courierAdminMessages.freightInvalid],
      [courier.id, { branch_id: melbourne, freight: '-1.00' }, 400, courierAdminMessages.freightInvalid],
      [courier.id, { branch_id: melbourne, freight: '1.999' }, 400, courierAdminMessages.freightInvalid],
      [courier.id, { branch_id: melbourne, freight: 19.9 }, 400, courierAdminMessages.freightInvalid],
      [courier.id, { branch_id: melbourne }, 400, courierAdminMessages.freightInvalid],
      [
        Number(last?.max) + 1000,
        { branch_id: melbourne, freight: '5.00' },
        404,
        courierAdminMessages.unknownCourier,
      ],
    ];
    for (const [id, body, status, message] of refusals) {
      const response = await putRate(id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(errorMessage(response), JSON.stringify(body)).toBe(message);
    }
    for (const user of [designer, staff, restricted]) {
      const response = await putRate(courier.id, { branch_id: melbourne, freight: '5.00' }, user);
      expect(response.statusCode, user.username).toBe(403);
      expect(errorMessage(response)).toBe(adminOnly);
    }
    expect(await snapshot()).toEqual(before);
  });
});
