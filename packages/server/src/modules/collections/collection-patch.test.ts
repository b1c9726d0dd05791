import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { basicInformationSchema, collectionSchema, type Collection } from '@lab/domain';
import { cases, collection_pricing_kits } from '../../db/schema/index';
import { findStaffByAccessToken } from '../../auth/sessions';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { countingStatements } from '../../testing/count-statements';
import {
  createClient,
  createCollection,
  type ClientRow,
  type CreatedCollection,
} from '../../testing/factories';
import { callCollection, collectionAuditRows, fieldsOf, referenceIds } from './collection-write-test-kit';
import { forgetBranchCalendars } from '../schedule/load-branch-calendar';
import { patchCollection } from './patch-collection';

let test: TestApp;
let staff: SignedInUser;
let ids: ReturnType<typeof referenceIds>;
let client: ClientRow;
let payer: ClientRow;

beforeAll(async () => {
  test = await createTestApp();
  staff = await signInAs(test, { department: 'SUPPORT' });
  ids = referenceIds(test.db);
  client = await createClient(test.db, { name: 'Harbour Dental', country: 'AU' });
  payer = await createClient(test.db, { name: 'Harbour Group Accounts', country: 'AU' });
});
afterAll(() => test.close());

const patch = (uid: string, payload: unknown, user: SignedInUser | null = staff) =>
  callCollection(test, { method: 'PATCH', uid, payload, user });

/** A fresh collection per test: an active design case and a dispatched one, one pricing kit. */
let collection: CreatedCollection;
beforeEach(async () => {
  collection = await createCollection(test.db, {
    client,
    patientReference: 'Brown, Alex',
    branch: 'Melbourne',
    orderStage: 'New Order',
    cases: [{ statusName: 'Design In Progress' }, { statusName: 'Dispatched' }],
  });
  await test.db
    .insert(collection_pricing_kits)
    .values({ collection_uid: collection.uid, kit_id: await ids.kit('PRK-AO4'), dentate: 'UPPER' });
});

const basicInformation = async (overrides: Record<string, unknown> = {}) => ({
  patient_reference: 'Brown, Alex',
  ordering_platform: 'oep',
  fulfillment_branch_id: await ids.branch('Melbourne'),
  shipping_client_uid: client.uid,
  billing_client_uid: null,
  pricing_kits: [{ kit_id: await ids.kit('PRK-AO4'), kit_dentate_name: 'UPPER' }],
  ...overrides,
});

describe('PATCH /api/v2/collection/{uid}/: access and existence', () => {
  it('answers 401 without a token', async () => {
    const response = await patch(collection.uid, { order_stage: null }, null);
    expect(response.statusCode).toBe(401);
    expect(errorMessage(response)).toBe('Invalid Token');
  });

  it('answers 404 for an unknown or malformed collection', async () => {
    for (const uid of [randomUUID(), 'not-a-uid']) {
      const response = await patch(uid, await basicInformation());
      expect(response.statusCode).toBe(404);
      expect(errorMessage(response)).toBe('Could not load case collection');
    }
  });
});

describe('PATCH: the order stage selector', () => {
  it('sets the order stage, answers the collection and audits the change by name', async () => {
    const stageId = await ids.orderStage('In Design');
    const response = await patch(collection.uid, { order_stage: stageId });
    expect(response.statusCode).toBe(200);
    const body = response.json<Collection>();
    expect(collectionSchema.safeParse(body).success).toBe(true);
    expect(body.order_stage).toEqual({ id: stageId, name: 'In Design' });
    expect(await collectionAuditRows(test.db, collection.uid)).toEqual([
      {
        entity_type: 'collection',
        entity_id: collection.uid,
        action: 'updated',
        changed_values: { order_stage: { old: 'New Order', new: 'In Design' } },
        actor_reference: staff.username,
      },
    ]);
  });

  it('clears it with null', async () => {
    const response = await patch(collection.uid, { order_stage: null });
    expect(response.statusCode).toBe(200);
    expect(response.json<Collection>().order_stage).toBeNull();
  });

  it('answers 400 for an unknown order stage', async () => {
    for (const order_stage of [999_999, 'In Design']) {
      const response = await patch(collection.uid, { order_stage });
      expect(response.statusCode).toBe(400);
      expect(errorMessage(response)).toBe('Unknown order stage');
      expect(fieldsOf(response)).toEqual({ order_stage: 'Unknown order stage' });
    }
  });
});

describe('PATCH: the basic information form', () => {
  it("answers 400 'Cannot be blank' for each blank field", async () => {
    const blanks: [string, unknown][] = [
      ['patient_reference', '  '],
      ['ordering_platform', ''],
      ['fulfillment_branch_id', null],
    ];
    for (const [field, value] of blanks) {
      const response = await patch(collection.uid, await basicInformation({ [field]: value }));
      expect(response.statusCode).toBe(400);
      expect(errorMessage(response)).toBe('Cannot be blank');
      expect(fieldsOf(response)).toEqual({ [field]: 'Cannot be blank' });
    }
    const empty = await patch(collection.uid, {});
    expect(empty.statusCode).toBe(400);
    expect(fieldsOf(empty)).toEqual({
      patient_reference: 'Cannot be blank',
      ordering_platform: 'Cannot be blank',
      fulfillment_branch_id: 'Cannot be blank',
      shipping_client_uid: 'Shipping client is required',
    });
  });

  it('answers 400 without a shipping client', async () => {
    const response = await patch(collection.uid, await basicInformation({ shipping_client_uid: null }));
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toBe('Shipping client is required');
  });

  it('answers 400 with a message per field for unknown clients, branch and kits', async () => {
    const response = await patch(
      collection.uid,
      await basicInformation({
        shipping_client_uid: randomUUID(),
        billing_client_uid: randomUUID(),
        fulfillment_branch_id: 999_999,
        // A kit that is not a pricing kit, and one that does not exist.
        pricing_kits: [
          { kit_id: await ids.kit('SGK-NB-CC4'), kit_dentate_name: 'UPPER' },
          { kit_id: 999_999, kit_dentate_name: 'LOWER' },
        ],
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toBe('Unknown client');
    expect(fieldsOf(response)).toEqual({
      shipping_client_uid: 'Unknown client',
      billing_client_uid: 'Unknown client',
      fulfillment_branch_id: 'Unknown branch',
      'pricing_kits.0.kit_id': 'Unknown kit',
      'pricing_kits.1.kit_id': 'Unknown kit',
    });
  });

  it('answers 400 for a blank kit row and for two kits on one arch', async () => {
    const blankKit = await patch(
      collection.uid,
      await basicInformation({ pricing_kits: [{ kit_id: null, kit_dentate_name: 'LOWER' }] }),
    );
    expect(blankKit.statusCode).toBe(400);
    expect(fieldsOf(blankKit)).toEqual({ 'pricing_kits.0.kit_id': 'Cannot be blank' });
    const twoUpper = await patch(
      collection.uid,
      await basicInformation({
        pricing_kits: [
          { kit_id: await ids.kit('PRK-AO4'), kit_dentate_name: 'UPPER' },
          { kit_id: await ids.kit('PRK-AO6'), kit_dentate_name: 'UPPER' },
        ],
      }),
    );
    expect(twoUpper.statusCode).toBe(400);
    expect(fieldsOf(twoUpper)).toEqual({
      'pricing_kits.1.kit_dentate_name': 'Only one pricing kit per dentate',
    });
  });

  it('saves every field, replaces the pricing kits and audits the changes in one row', async () => {
    const [kept] = await test.db
      .select({ id: collection_pricing_kits.kit_collection_id })
      .from(collection_pricing_kits)
      .where(eq(collection_pricing_kits.collection_uid, collection.uid));
    const response = await patch(
      collection.uid,
      await basicInformation({
        patient_reference: '  Brown, Alexandra ',
        ordering_platform: 'nclab',
        billing_client_uid: payer.uid,
        pricing_kits: [
          { kit_id: await ids.kit('PRK-AO4'), kit_dentate_name: 'UPPER' },
          { kit_id: await ids.kit('PRK-OVD2'), kit_dentate_name: 'LOWER' },
        ],
      }),
    );
    expect(response.statusCode).toBe(200);
    const body = response.json<Collection>();
    expect(collectionSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      patient_reference: 'Brown, Alexandra',
      ordering_platform: 'nclab',
      shipping_client: { uid: client.uid, name: 'Harbour Dental' },
      billing_client: { uid: payer.uid, name: 'Harbour Group Accounts' },
      fulfillment_branch: 'Melbourne',
    });
    // The unchanged kit keeps its row; the new one is added.
    expect(body.pricing_kits.map((k) => [k.kit_collection_id, k.kit_dentate_name, k.kit_code])).toEqual([
      [kept?.id, 'UPPER', 'PRK-AO4'],
      [expect.any(Number), 'LOWER', 'PRK-OVD2'],
    ]);
    expect(await collectionAuditRows(test.db, collection.uid)).toEqual([
      expect.objectContaining({
        action: 'updated',
        actor_reference: staff.username,
        changed_values: {
          patient_reference: { old: 'Brown, Alex', new: 'Brown, Alexandra' },
          ordering_platform: { old: 'oep', new: 'nclab' },
          billing_client: { old: null, new: 'Harbour Group Accounts' },
          pricing_kits: { old: ['UPPER PRK-AO4'], new: ['LOWER PRK-OVD2', 'UPPER PRK-AO4'] },
        },
      }),
    ]);

    // Leaving pricing_kits and billing_client_uid out keeps them; an empty list removes every kit.
    const { pricing_kits: _, billing_client_uid: __, ...withoutLists } = await basicInformation();
    const kept2 = await patch(collection.uid, { ...withoutLists, patient_reference: 'Brown, Alexandra' });
    expect(kept2.json<Collection>().pricing_kits).toHaveLength(2);
    expect(kept2.json<Collection>().billing_client?.uid).toBe(payer.uid);
    const cleared = await patch(collection.uid, await basicInformation({ pricing_kits: [] }));
    expect(cleared.json<Collection>().pricing_kits).toEqual([]);
    expect(cleared.json<Collection>().billing_client).toBeNull();
  });

  it('writes nothing for an unchanged save', async () => {
    const response = await patch(collection.uid, await basicInformation());
    expect(response.statusCode).toBe(200);
    expect(await collectionAuditRows(test.db, collection.uid)).toEqual([]);
  });

  it('recomputes the stored schedules of the active cases when the branch changes', async () => {
    const [active, dispatched] = collection.cases;
    if (!active || !dispatched) throw new Error('expected two cases');
    // Stored dues that no calendar would give, so a recompute is visible.
    const stale = new Date('2000-01-01T00:00:00Z');
    await test.db
      .update(cases)
      .set({ internal_due: stale, dispatch_due: stale })
      .where(eq(cases.collection_uid, collection.uid));

    const response = await patch(
      collection.uid,
      await basicInformation({ fulfillment_branch_id: await ids.branch('Auckland') }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<Collection>().fulfillment_branch).toBe('Auckland');
    const schedule = await test.app.inject({
      method: 'GET',
      url: `/api/v2/case/${active.case_id}/schedule/`,
      headers: staff.headers,
    });
    const expected = schedule.json<{ internal_due_time: string; due_times: { dispatch: string } }>();
    const stored = async (uid: string) => (await test.db.select().from(cases).where(eq(cases.uid, uid)))[0];
    expect((await stored(active.uid))?.internal_due?.toISOString()).toBe(expected.internal_due_time);
    expect((await stored(active.uid))?.dispatch_due?.toISOString()).toBe(expected.due_times.dispatch);
    // A dispatched case's schedule is history: left alone.
    expect((await stored(dispatched.uid))?.internal_due).toEqual(stale);
    expect((await collectionAuditRows(test.db, collection.uid))[0]?.changed_values).toEqual({
      fulfillment_branch: { old: 'Melbourne', new: 'Auckland' },
    });
  });
});

describe('a branch change does not grow with the number of cases', () => {
  it('recomputes 1 or 6 active cases with the same number of statements', async () => {
    const actor = await findStaffByAccessToken(test.db, staff.token);
    if (!actor) throw new Error('no actor');
    const countBranchChange = async (caseCount: number): Promise<number> => {
      const many = await createCollection(test.db, {
        client,
        branch: 'Melbourne',
        cases: Array.from({ length: caseCount }, () => ({ statusName: 'Design In Progress' })),
      });
      // Each count reads the new branch's calendar once (it is cached between calls otherwise).
      forgetBranchCalendars();
      const counter = countingStatements(test.db);
      const form = basicInformationSchema.parse(
        await basicInformation({ pricing_kits: [], fulfillment_branch_id: await ids.branch('Sydney') }),
      );
      await patchCollection(counter.db, { rawUid: many.uid, patch: form, actor });
      const moved = await test.db.select().from(cases).where(eq(cases.collection_uid, many.uid));
      expect(moved.every((c) => c.internal_due !== null)).toBe(true);
      return counter.count();
    };
    expect(await countBranchChange(6)).toBe(await countBranchChange(1));
  });
});
