import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseChecklistSchema } from '@lab/domain';
import { checklist_items, collections } from '../../db/schema/index';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createCollection, type CreatedCollection } from '../../testing/factories';
import { caseAuditOf } from '../cases/cases-test-kit';
import { addItems, auditRowsOf, createChecklistCalls } from './checklists-test-kit';

// GET, POST and DELETE api/v2/checklists/{caseUid}/ through the real app (collection-views §7).

let test: TestApp;
let staff: SignedInUser;
let calls: ReturnType<typeof createChecklistCalls>;
let collection: CreatedCollection;
let caseUid: string;
let otherCaseUid: string;
let itemIds: number[];
let otherItemId: number;

const itemRow = async (id: number) =>
  (await test.db.select().from(checklist_items).where(eq(checklist_items.id, id)))[0];

const collectionUpdatedAt = async () =>
  (
    await test.db
      .select({ updated_at: collections.updated_at })
      .from(collections)
      .where(eq(collections.uid, collection.uid))
  )[0]?.updated_at;

beforeAll(async () => {
  test = await createTestApp();
  staff = await signInAs(test, { department: 'POLISHING' });
  calls = createChecklistCalls(test, staff);
  collection = await createCollection(test.db, {
    cases: [
      { statusName: 'Polishing', jobTypeName: 'Implant Bar' },
      { statusName: 'Polishing', jobTypeName: 'Custom Abutment' },
    ],
  });
  caseUid = collection.cases[0]?.uid ?? '';
  otherCaseUid = collection.cases[1]?.uid ?? '';
  const items = await addItems(test, caseUid, [
    { name: 'Surface finish inspected', mandatory: true },
    { name: 'Shade matched to prescription' },
    { name: 'Screws and components picked', department: 'WAREHOUSE', mandatory: true },
  ]);
  itemIds = items.map((item) => item.id);
  const [other] = await addItems(test, otherCaseUid, [{ name: 'Surface finish inspected' }]);
  otherItemId = other?.id ?? 0;
});
afterAll(() => test.close());

describe('GET api/v2/checklists/{caseUid}/', () => {
  it("answers the case's items in list order with its key and job type", async () => {
    const response = await calls.get(caseUid);
    expect(response.statusCode).toBe(200);
    const answer = caseChecklistSchema.parse(response.json());
    expect(answer.case_mkey).toBe(collection.cases[0]?.case_mkey);
    expect(answer.job_type).toBe('Implant Bar');
    expect(answer.checklist).toEqual([
      {
        id: itemIds[0],
        name: 'Surface finish inspected',
        department: 'POLISHING',
        checked_at: null,
        checked_by_name: null,
        done: false,
        not_required: false,
        mandatory: true,
      },
      expect.objectContaining({ id: itemIds[1], name: 'Shade matched to prescription', mandatory: false }),
      expect.objectContaining({ id: itemIds[2], department: 'WAREHOUSE', mandatory: true }),
    ]);
  });

  it('answers 404 for an unknown or malformed case, 401 without a token', async () => {
    for (const uid of [randomUUID(), 'not-a-uid']) {
      const response = await calls.get(uid);
      expect(response.statusCode).toBe(404);
      expect(errorMessage(response)).toBe('Case not found');
    }
    const anonymous = await calls.get(caseUid, {});
    expect(anonymous.statusCode).toBe(401);
    expect(errorMessage(anonymous)).toBe('Invalid Token');
  });
});

describe('POST api/v2/checklists/{caseUid}/', () => {
  it('ticks an item Done, stamps who and when, and audits it', async () => {
    const before = await collectionUpdatedAt();
    const response = await calls.post(caseUid, { item_id: itemIds[0], done: true, not_required: false });
    expect(response.statusCode).toBe(200);
    const item = caseChecklistSchema.parse(response.json()).checklist[0];
    expect(item).toMatchObject({ done: true, not_required: false, checked_by_name: expect.any(String) });
    expect(item?.checked_by_name).toMatch(/^Test User \d+$/);
    expect(Date.now() - Date.parse(item?.checked_at ?? '')).toBeLessThan(60_000);
    expect((await itemRow(itemIds[0] ?? 0))?.checked_by_id).toEqual(expect.any(Number));

    expect(await auditRowsOf(test, 'checklist_item', itemIds[0] ?? 0)).toEqual([
      {
        action: 'checked',
        actor_reference: staff.username,
        case_uid: caseUid,
        collection_uid: collection.uid,
        changed_values: {
          name: 'Surface finish inspected',
          department: 'POLISHING',
          done: { old: false, new: true },
          not_required: { old: false, new: false },
        },
      },
    ]);
    expect((await caseAuditOf(test, caseUid)).at(-1)).toEqual({
      modified_by: staff.username,
      changed_values: { 'checklist: Surface finish inspected': { old: 'Open', new: 'Done' } },
    });
    expect((await collectionUpdatedAt())?.getTime()).toBeGreaterThan(before?.getTime() ?? 0);
  });

  it('ticks an item Not Required; the same tick again writes nothing', async () => {
    const body = { item_id: itemIds[1], done: false, not_required: true };
    const response = await calls.post(caseUid, body);
    expect(response.statusCode).toBe(200);
    expect(caseChecklistSchema.parse(response.json()).checklist[1]).toMatchObject({
      done: false,
      not_required: true,
      checked_by_name: expect.any(String),
    });
    expect((await calls.post(caseUid, body)).statusCode).toBe(200);
    expect((await auditRowsOf(test, 'checklist_item', itemIds[1] ?? 0)).map((r) => r.action)).toEqual([
      'checked',
    ]);
  });

  it('refuses Done and Not Required together with 400 and changes nothing', async () => {
    const response = await calls.post(caseUid, { item_id: itemIds[2], done: true, not_required: true });
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toBe('An item cannot be both done and not required');
    expect(response.json()).toMatchObject({
      error: { fields: { not_required: 'An item cannot be both done and not required' } },
    });
    expect(await itemRow(itemIds[2] ?? 0)).toMatchObject({
      done: false,
      not_required: false,
      checked_at: null,
    });
  });

  it("answers 404 for another case's item and for an unknown case", async () => {
    const other = await calls.post(caseUid, { item_id: otherItemId, done: true, not_required: false });
    expect(other.statusCode).toBe(404);
    expect(errorMessage(other)).toBe('Checklist item not found');
    expect(await itemRow(otherItemId)).toMatchObject({ done: false });
    const unknownCase = await calls.post(randomUUID(), { item_id: itemIds[2], done: true });
    expect(unknownCase.statusCode).toBe(404);
    expect(errorMessage(unknownCase)).toBe('Case not found');
  });

  it('answers 400 for a body without an item and 401 without a token', async () => {
    const noItem = await calls.post(caseUid, { done: true });
    expect(noItem.statusCode).toBe(400);
    expect(errorMessage(noItem)).toBe('Checklist item not found');
    const anonymous = await calls.post(caseUid, { item_id: itemIds[2], done: true }, {});
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('DELETE api/v2/checklists/{caseUid}/{itemId}/', () => {
  it('unchecks an item: the stamp goes, audited', async () => {
    const response = await calls.remove(caseUid, itemIds[0] ?? 0);
    expect(response.statusCode).toBe(200);
    expect(caseChecklistSchema.parse(response.json()).checklist[0]).toMatchObject({
      done: false,
      not_required: false,
      checked_at: null,
      checked_by_name: null,
    });
    expect(await itemRow(itemIds[0] ?? 0)).toMatchObject({ checked_by_id: null });
    const audit = await auditRowsOf(test, 'checklist_item', itemIds[0] ?? 0);
    expect(audit.map((row) => row.action)).toEqual(['checked', 'unchecked']);
    expect(audit[1]?.changed_values).toMatchObject({ done: { old: true, new: false } });
    expect((await caseAuditOf(test, caseUid)).at(-1)?.changed_values).toEqual({
      'checklist: Surface finish inspected': { old: 'Done', new: 'Open' },
    });
  });

  it("answers 404 for another case's item, a malformed id and an unknown case", async () => {
    for (const itemId of [otherItemId, 'abc', 99_999_999_999]) {
      const response = await calls.remove(caseUid, itemId);
      expect(response.statusCode).toBe(404);
      expect(errorMessage(response)).toBe('Checklist item not found');
    }
    const unknownCase = await calls.remove(randomUUID(), itemIds[0] ?? 0);
    expect(unknownCase.statusCode).toBe(404);
    expect(errorMessage(unknownCase)).toBe('Case not found');
  });
});
