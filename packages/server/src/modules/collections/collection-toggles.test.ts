import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionActionAnswerSchemas, type Collection } from '@lab/domain';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createCollection } from '../../testing/factories';
import {
  callCollection,
  collectionAuditRows,
  locationAuditRows,
  referenceIds,
} from './collection-write-test-kit';
import { lowestFreeNumber } from './toggle-actions';

let test: TestApp;
let staff: SignedInUser;
let melbourne: number;

beforeAll(async () => {
  test = await createTestApp();
  staff = await signInAs(test, { department: 'SUPPORT' });
  melbourne = await referenceIds(test.db).branch('Melbourne');
});
afterAll(() => test.close());

const toggle = (uid: string, action: string, user: SignedInUser | null = staff) =>
  callCollection(test, { method: 'POST', uid, payload: { action }, user });

describe('POST /api/v2/collection/{uid}/ toggles: access and existence', () => {
  it('answers 401 without a token', async () => {
    const collection = await createCollection(test.db);
    for (const action of ['toggle_vip', 'toggle_location']) {
      const response = await toggle(collection.uid, action, null);
      expect(response.statusCode).toBe(401);
      expect(errorMessage(response)).toBe('Invalid Token');
    }
  });

  it('answers 404 for an unknown collection', async () => {
    for (const action of ['toggle_vip', 'toggle_location']) {
      const response = await toggle(randomUUID(), action);
      expect(response.statusCode).toBe(404);
      expect(errorMessage(response)).toBe('Could not load case collection');
    }
  });
});

describe('toggle_vip', () => {
  it('flips vip both ways, answers the collection and audits each flip', async () => {
    const collection = await createCollection(test.db, { vip: false });
    const on = await toggle(collection.uid, 'toggle_vip');
    expect(on.statusCode).toBe(200);
    expect(collectionActionAnswerSchemas.toggle_vip.safeParse(on.json()).success).toBe(true);
    expect(on.json<Collection>()).toMatchObject({ uid: collection.uid, vip: true });
    const off = await toggle(collection.uid, 'toggle_vip');
    expect(off.json<Collection>().vip).toBe(false);
    expect(await collectionAuditRows(test.db, collection.uid)).toEqual([
      {
        entity_type: 'collection',
        entity_id: collection.uid,
        action: 'updated',
        changed_values: { vip: { old: false, new: true } },
        actor_reference: staff.username,
      },
      expect.objectContaining({ changed_values: { vip: { old: true, new: false } } }),
    ]);
  });
});

describe('toggle_location', () => {
  it('allocates the lowest free box at the fulfillment branch, and frees it again', async () => {
    const first = await createCollection(test.db, { branch: 'Melbourne' });
    const second = await createCollection(test.db, { branch: 'Melbourne' });
    const third = await createCollection(test.db, { branch: 'Melbourne' });

    const allocated = await toggle(first.uid, 'toggle_location');
    expect(allocated.statusCode).toBe(200);
    expect(collectionActionAnswerSchemas.toggle_location.safeParse(allocated.json()).success).toBe(true);
    expect(allocated.json<Collection>()).toMatchObject({
      location_required: true,
      bin_location: 'MEL-001',
      bin_location_branch: 'Melbourne',
      location_audit: [
        { bin_location: 'MEL-001', bin_location_branch: 'Melbourne', moved_by: staff.username },
      ],
    });
    expect((await toggle(second.uid, 'toggle_location')).json<Collection>().bin_location).toBe('MEL-002');

    const freed = await toggle(first.uid, 'toggle_location');
    expect(freed.json<Collection>()).toMatchObject({
      location_required: false,
      bin_location: null,
      bin_location_branch: null,
    });
    // The emptied box is the next one handed out.
    expect((await toggle(third.uid, 'toggle_location')).json<Collection>().bin_location).toBe('MEL-001');

    expect(await locationAuditRows(test.db, first.uid)).toEqual([
      { bin_location: 'MEL-001', bin_location_branch_id: melbourne, moved_by: staff.username },
      { bin_location: null, bin_location_branch_id: null, moved_by: staff.username },
    ]);
    expect((await collectionAuditRows(test.db, first.uid)).map((r) => r.changed_values)).toEqual([
      {
        location_required: { old: false, new: true },
        bin_location: { old: null, new: 'MEL-001' },
      },
      {
        location_required: { old: true, new: false },
        bin_location: { old: 'MEL-001', new: null },
      },
    ]);
  });

  it('gives collections allocating at once distinct boxes', async () => {
    const sydney = await Promise.all([1, 2, 3].map(() => createCollection(test.db, { branch: 'Sydney' })));
    const responses = await Promise.all(sydney.map((c) => toggle(c.uid, 'toggle_location')));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const boxes = responses.map((r) => r.json<Collection>().bin_location).sort();
    expect(boxes).toEqual(['SYD-001', 'SYD-002', 'SYD-003']);
  });

  it('numbers boxes per branch', async () => {
    const auckland = await createCollection(test.db, { branch: 'Auckland', country: 'NZ' });
    const response = await toggle(auckland.uid, 'toggle_location');
    expect(response.json<Collection>()).toMatchObject({
      bin_location: 'AKL-001',
      bin_location_branch: 'Auckland',
    });
  });

  it("answers 409 'No Fulfillment Branch Selected' without a branch and changes nothing", async () => {
    const collection = await createCollection(test.db, { branch: null });
    const response = await toggle(collection.uid, 'toggle_location');
    expect(response.statusCode).toBe(409);
    expect(errorMessage(response)).toBe('No Fulfillment Branch Selected');
    expect(await locationAuditRows(test.db, collection.uid)).toEqual([]);
    expect(await collectionAuditRows(test.db, collection.uid)).toEqual([]);
  });
});

describe('lowestFreeNumber', () => {
  it('is the first gap from 1', () => {
    expect(lowestFreeNumber([])).toBe(1);
    expect(lowestFreeNumber([1, 2, 4])).toBe(3);
    expect(lowestFreeNumber([2, 3])).toBe(1);
  });
});
