import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cases } from '../../db/schema/index';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createCollection } from '../../testing/factories';
import { createCaseCalls, statusId } from '../cases/cases-test-kit';
import { addItems, createChecklistCalls } from './checklists-test-kit';

// The gate beyond the spec: no move to a dispatch-ready status or to DISPATCHED while a mandatory item of
// the case's checklist is open (409 naming it), through every path that moves a case there.

let test: TestApp;
let staff: SignedInUser;
let caseCalls: ReturnType<typeof createCaseCalls>;
let checklistCalls: ReturnType<typeof createChecklistCalls>;
let ready: number;

const statusOf = async (uid: string) =>
  (await test.db.select({ status_id: cases.status_id }).from(cases).where(eq(cases.uid, uid)))[0]?.status_id;

const tick = (caseUid: string, itemId: number | undefined, state: 'done' | 'not_required' = 'done') =>
  checklistCalls.post(caseUid, {
    item_id: itemId,
    done: state === 'done',
    not_required: state === 'not_required',
  });

beforeAll(async () => {
  test = await createTestApp();
  // Ticks every department's items on the way to the gate.
  staff = await signInAs(test, { department: 'POLISHING', allDepartments: true });
  caseCalls = createCaseCalls(test, staff);
  checklistCalls = createChecklistCalls(test, staff);
  ready = await statusId(test, 'Ready for Dispatch');
});
afterAll(() => test.close());

describe('edit_case to Ready for Dispatch', () => {
  it('is refused with 409 naming the open mandatory items, and passes once they are ticked', async () => {
    const collection = await createCollection(test.db, { cases: [{ statusName: 'Polishing' }] });
    const row = collection.cases[0];
    const uid = row?.uid ?? '';
    const [finish, , packing] = await addItems(test, uid, [
      { name: 'Surface finish inspected', mandatory: true },
      { name: 'Shade matched to prescription' },
      { name: 'Screws and components picked', department: 'WAREHOUSE', mandatory: true },
    ]);
    const move = () => caseCalls.act(row?.case_id ?? 0, { action: 'edit_case', case: { status_id: ready } });

    const refused = await move();
    expect(refused.statusCode).toBe(409);
    expect(errorMessage(refused)).toBe(
      'Complete the mandatory checklist items first: Surface finish inspected, Screws and components picked',
    );
    expect(await statusOf(uid)).toBe(await statusId(test, 'Polishing'));

    expect((await tick(uid, finish?.id)).statusCode).toBe(200);
    const stillOpen = await move();
    expect(stillOpen.statusCode).toBe(409);
    expect(errorMessage(stillOpen)).toBe(
      'Complete the mandatory checklist items first: Screws and components picked',
    );

    // Not Required closes a mandatory item too; an open optional one never holds the case back.
    expect((await tick(uid, packing?.id, 'not_required')).statusCode).toBe(200);
    const moved = await move();
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ status: 'Ready for Dispatch' });
  });

  it('lets a case without a checklist, or one moving elsewhere, through', async () => {
    const collection = await createCollection(test.db, {
      cases: [{ statusName: 'Polishing' }, { statusName: 'Machining' }],
    });
    const [plain, open] = collection.cases;
    await addItems(test, open?.uid ?? '', [{ name: 'Surface finish inspected', mandatory: true }]);
    const toReady = await caseCalls.act(plain?.case_id ?? 0, {
      action: 'edit_case',
      case: { status_id: ready },
    });
    expect(toReady.statusCode).toBe(200);
    const toLab = await caseCalls.act(open?.case_id ?? 0, {
      action: 'edit_case',
      case: { status_id: await statusId(test, 'Quality Control') },
      forceUpdateStatus: true,
    });
    expect(toLab.statusCode).toBe(200);
  });

  it('is also the gate of a move to Dispatched', async () => {
    const collection = await createCollection(test.db, { cases: [{ statusName: 'Ready for Dispatch' }] });
    const row = collection.cases[0];
    const [item] = await addItems(test, row?.uid ?? '', [{ name: 'Packed with labels', mandatory: true }]);
    const dispatched = await statusId(test, 'Dispatched');
    const refused = await caseCalls.act(row?.case_id ?? 0, {
      action: 'edit_case',
      case: { status_id: dispatched },
    });
    expect(refused.statusCode).toBe(409);
    expect(errorMessage(refused)).toBe('Complete the mandatory checklist items first: Packed with labels');
    await tick(row?.uid ?? '', item?.id);
    const moved = await caseCalls.act(row?.case_id ?? 0, {
      action: 'edit_case',
      case: { status_id: dispatched },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ status: 'Dispatched', dispatched: true });
  });
});

describe('finishing change_status', () => {
  it('refuses a grouped move naming every moving case, and moves none of them', async () => {
    const collection = await createCollection(test.db, {
      cases: [
        { statusName: 'Polishing', groupNumber: 1 },
        { statusName: 'Design In Progress', groupNumber: 1 },
        { statusName: 'Polishing', groupNumber: 2 },
      ],
    });
    const [first, second, elsewhere] = collection.cases;
    const [firstItem] = await addItems(test, first?.uid ?? '', [
      { name: 'Surface finish inspected', mandatory: true },
    ]);
    const [secondItem] = await addItems(test, second?.uid ?? '', [
      { name: 'Implant positions verified against scan', department: 'DESIGN', mandatory: true },
    ]);
    // Another group's open item is not this move's business.
    await addItems(test, elsewhere?.uid ?? '', [{ name: 'Surface finish inspected', mandatory: true }]);
    const move = () =>
      caseCalls.finish(first?.case_id ?? 0, { action: 'change_status', status_id: ready, grouped: true });

    const refused = await move();
    expect(refused.statusCode).toBe(409);
    expect(errorMessage(refused)).toBe(
      'Complete the mandatory checklist items first: ' +
        `${first?.case_mkey} Surface finish inspected, ${second?.case_mkey} Implant positions verified against scan`,
    );
    expect(await statusOf(first?.uid ?? '')).toBe(await statusId(test, 'Polishing'));
    expect(await statusOf(second?.uid ?? '')).toBe(await statusId(test, 'Design In Progress'));

    await tick(first?.uid ?? '', firstItem?.id);
    const secondOpen = await move();
    expect(secondOpen.statusCode).toBe(409);
    expect(errorMessage(secondOpen)).toBe(
      `Complete the mandatory checklist items first: ${second?.case_mkey} Implant positions verified against scan`,
    );

    await tick(second?.uid ?? '', secondItem?.id);
    expect((await move()).statusCode).toBe(200);
    expect(await statusOf(first?.uid ?? '')).toBe(ready);
    expect(await statusOf(second?.uid ?? '')).toBe(ready);
    expect(await statusOf(elsewhere?.uid ?? '')).toBe(await statusId(test, 'Polishing'));
  });

  it('refuses a single move with an open mandatory item', async () => {
    const collection = await createCollection(test.db, { cases: [{ statusName: 'Polishing' }] });
    const row = collection.cases[0];
    await addItems(test, row?.uid ?? '', [{ name: 'Surface finish inspected', mandatory: true }]);
    const refused = await caseCalls.finish(row?.case_id ?? 0, { action: 'change_status', status_id: ready });
    expect(refused.statusCode).toBe(409);
    expect(errorMessage(refused)).toBe(
      'Complete the mandatory checklist items first: Surface finish inspected',
    );
    // A finishing status that is not dispatch-ready is no dispatch.
    const qc = await caseCalls.finish(row?.case_id ?? 0, {
      action: 'change_status',
      status_id: await statusId(test, 'Quality Control'),
    });
    expect(qc.statusCode).toBe(200);
  });
});

describe('mark_as_done', () => {
  it('refuses a virtual case with an open mandatory item until it is ticked', async () => {
    const collection = await createCollection(test.db, {
      cases: [{ statusName: 'Design In Progress', jobTypeName: 'Design Only' }],
    });
    const row = collection.cases[0];
    const [item] = await addItems(test, row?.uid ?? '', [
      { name: 'Design files exported for the client', department: 'DESIGN', mandatory: true },
    ]);
    const refused = await caseCalls.act(row?.case_id ?? 0, { action: 'mark_as_done' });
    expect(refused.statusCode).toBe(409);
    expect(errorMessage(refused)).toBe(
      'Complete the mandatory checklist items first: Design files exported for the client',
    );
    await tick(row?.uid ?? '', item?.id);
    const done = await caseCalls.act(row?.case_id ?? 0, { action: 'mark_as_done' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'Dispatched' });
  });
});
