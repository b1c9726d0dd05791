import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionCaseSchema, scheduleSchema } from '@lab/domain';
import { invoice_cases, invoice_lines, invoices } from '../../db/schema/index';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createCollection, type CaseRow, type CreatedCollection } from '../../testing/factories';
import { caseAuditOf, createCaseCalls, fieldsOf, loadCase } from './cases-test-kit';

// POST /api/v2/case/{case_id}/ through the real app: the small actions, update_times and mark_as_done.
// edit_case and finishing are in edit-case.test.ts; component lines, implants and redo in
// case-lines.test.ts.

const zone = 'Australia/Melbourne';
const mel = (local: string): Date => DateTime.fromISO(local, { zone }).toJSDate();

let test: TestApp;
let staff: SignedInUser;
let calls: ReturnType<typeof createCaseCalls>;
let collection: CreatedCollection;
let plain: CaseRow;
let grouped: CaseRow;
let timed: CaseRow;
let physical: CaseRow;
let virtualOne: CaseRow;
let virtualTwo: CaseRow;

beforeAll(async () => {
  test = await createTestApp();
  staff = await signInAs(test, { department: 'DESIGN' });
  calls = createCaseCalls(test, staff);
  collection = await createCollection(test.db, {
    branch: 'Melbourne',
    cases: [
      {},
      {},
      {},
      { statusName: 'Design In Progress' },
      { statusName: 'Design In Progress', jobTypeName: 'Design Only' },
      { statusName: 'Design In Progress', jobTypeName: 'Design Only' },
    ],
  });
  [plain, grouped, timed, physical, virtualOne, virtualTwo] = collection.cases as [
    CaseRow,
    CaseRow,
    CaseRow,
    CaseRow,
    CaseRow,
    CaseRow,
  ];
});
afterAll(() => test.close());

describe('access and lookup', () => {
  it('answers 401 without a token on both routes', async () => {
    for (const response of [
      await calls.act(plain.case_id, { action: 'received' }, {}),
      await calls.finish(plain.case_id, { action: 'change_status', status_id: 1 }, {}),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(errorMessage(response)).toBe('Invalid Token');
    }
  });

  it('answers 404 Case not found for unknown ids and ids that cannot be one', async () => {
    for (const id of [999_999_999, 'abc', '0', '1.5']) {
      const action = await calls.act(id, { action: 'toggle_warranty' });
      expect(action.statusCode, String(id)).toBe(404);
      expect(errorMessage(action)).toBe('Case not found');
      const finishing = await calls.finish(id, { action: 'change_status', status_id: 1 });
      expect(finishing.statusCode, String(id)).toBe(404);
      expect(errorMessage(finishing)).toBe('Case not found');
    }
  });

  it('answers 400 Invalid action for an unknown or missing action', async () => {
    for (const payload of [{ action: 'fly' }, {}, undefined]) {
      const response = await calls.act(plain.case_id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorMessage(response)).toBe('Invalid action');
    }
  });
});

describe('received', () => {
  it('sets date_received once with the check-in user, the case folder and an audit row; twice is 409', async () => {
    const response = await calls.act(plain.case_id, { action: 'received' });
    expect(response.statusCode).toBe(200);
    const presented = collectionCaseSchema.parse(response.json());
    expect(presented.uid).toBe(plain.uid);
    expect(presented.date_received).not.toBeNull();
    expect(presented.check_in_user).toMatch(/^Test User/);
    expect(await caseAuditOf(test, plain.uid)).toEqual([
      {
        modified_by: staff.username,
        changed_values: {
          date_received: { old: null, new: presented.date_received },
          // The folder helpers' path on the Melbourne share (new folder structure).
          folder_path: {
            old: null,
            new: `\\\\mel-fs01\\cases\\${collection.collection_id}\\${plain.case_mkey}`,
          },
        },
      },
    ]);

    const again = await calls.act(plain.case_id, { action: 'received' });
    expect(again.statusCode).toBe(409);
    expect(errorMessage(again)).toBe('The case has already been received');
    expect(await caseAuditOf(test, plain.uid)).toHaveLength(1);
  });
});

describe('toggle_warranty and edit_group_number', () => {
  it('toggles the warranty between Valid and Void with an audit row each', async () => {
    const voided = await calls.act(grouped.case_id, { action: 'toggle_warranty' });
    expect(voided.json()).toMatchObject({ warranty_void: true });
    const valid = await calls.act(grouped.case_id, { action: 'toggle_warranty' });
    expect(valid.json()).toMatchObject({ warranty_void: false });
    expect((await caseAuditOf(test, grouped.uid)).map((r) => r.changed_values)).toEqual([
      { warranty_void: { old: false, new: true } },
      { warranty_void: { old: true, new: false } },
    ]);
  });

  it('groups cases by number and clears the group with null', async () => {
    await calls.act(plain.case_id, { action: 'edit_group_number', group_number: 3 });
    const response = await calls.act(grouped.case_id, { action: 'edit_group_number', group_number: 3 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ group_number: 3, grouped_case_uids: [plain.uid] });
    const cleared = await calls.act(plain.case_id, { action: 'edit_group_number', group_number: null });
    expect(cleared.json()).toMatchObject({ group_number: null, grouped_case_uids: [] });
    expect((await caseAuditOf(test, plain.uid)).at(-1)?.changed_values).toEqual({
      group_number: { old: 3, new: null },
    });

    const bad = await calls.act(plain.case_id, { action: 'edit_group_number', group_number: 0 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(fieldsOf(bad) as object)).toEqual(['group_number']);
  });
});

describe('immediacy', () => {
  it('refuses a due time in the past and changes nothing', async () => {
    const due = new Date(Date.now() - 60_000).toISOString();
    const response = await calls.act(timed.case_id, { action: 'start_immediacy', immediacy_due: due });
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toBe('Cannot be in the past');
    expect(fieldsOf(response)).toEqual({ immediacy_due: 'Cannot be in the past' });
    expect((await loadCase(test, timed.uid)).immediacy_due).toBeNull();
    expect(await caseAuditOf(test, timed.uid)).toEqual([]);
  });

  it('starts and ends the countdown; ending one that is not running writes nothing', async () => {
    const due = new Date(Date.now() + 4 * 3600_000);
    const started = await calls.act(timed.case_id, {
      action: 'start_immediacy',
      immediacy_due: due.toISOString(),
    });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ immediacy_due: due.toISOString() });
    const ended = await calls.act(timed.case_id, { action: 'end_immediacy' });
    expect(ended.json()).toMatchObject({ immediacy_due: null });
    const endedAgain = await calls.act(timed.case_id, { action: 'end_immediacy' });
    expect(endedAgain.statusCode).toBe(200);
    expect((await caseAuditOf(test, timed.uid)).map((r) => r.changed_values)).toEqual([
      { immediacy_due: { old: null, new: due.toISOString() } },
      { immediacy_due: { old: due.toISOString(), new: null } },
    ]);
  });
});

describe('update_times', () => {
  const inTwoMonths = () => DateTime.now().setZone(zone).plus({ months: 2 }).toISODate() ?? '';

  it('answers 400 with the spec message for a missing, malformed or past input', async () => {
    for (const [payload, field, message] of [
      [{ new_start_time: '' }, 'new_start_time', 'Must be selected'],
      [{}, 'new_start_time', 'Must be selected'],
      [{ new_start_time: 'next monday' }, 'new_start_time', 'Invalid date'],
      [{ new_start_time: '2026-11-23T09:00', new_promise_date: 'soon' }, 'new_promise_date', 'Invalid date'],
      [
        { new_start_time: '2026-11-23T09:00', new_promise_date: '2020-01-31' },
        'new_promise_date',
        'Cannot be in the past',
      ],
    ] as const) {
      const response = await calls.act(timed.case_id, { action: 'update_times', ...payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorMessage(response)).toBe(message);
      expect(fieldsOf(response)).toEqual({ [field]: message });
    }
    expect((await loadCase(test, timed.uid)).schedule_start).toEqual(timed.schedule_start);
  });

  it('reads the start as Melbourne time, stores start and promise and answers the recomputed schedule', async () => {
    const promised = inTwoMonths();
    const response = await calls.act(timed.case_id, {
      action: 'update_times',
      new_start_time: '2026-11-23T09:00',
      new_promise_date: promised,
    });
    expect(response.statusCode).toBe(200);
    const schedule = scheduleSchema.parse(response.json());
    expect(schedule.start_time).toBe('2026-11-22T22:00:00.000Z');
    expect(schedule.customer_due_time).toBe(mel(`${promised}T17:00`).toISOString());
    const stored = await loadCase(test, timed.uid);
    expect(stored.schedule_start?.toISOString()).toBe('2026-11-22T22:00:00.000Z');
    expect(stored.date_promised?.toISOString()).toBe(schedule.customer_due_time);
    expect(stored.internal_due?.toISOString()).toBe(schedule.internal_due_time);
    const read = await test.app.inject({
      method: 'GET',
      url: `/api/v2/case/${timed.case_id}/schedule/`,
      headers: staff.headers,
    });
    expect(read.json()).toEqual(schedule);
    expect((await caseAuditOf(test, timed.uid)).at(-1)?.changed_values).toEqual({
      schedule_start: { old: timed.schedule_start?.toISOString(), new: '2026-11-22T22:00:00.000Z' },
      date_promised: { old: null, new: schedule.customer_due_time },
    });
  });

  it('keeps the promise when none is sent', async () => {
    const before = await loadCase(test, timed.uid);
    const response = await calls.act(timed.case_id, {
      action: 'update_times',
      new_start_time: '2026-11-24T10:30:00+11:00',
      new_promise_date: '',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      start_time: '2026-11-23T23:30:00.000Z',
      customer_due_time: before.date_promised?.toISOString(),
    });
  });
});

describe('mark_as_done', () => {
  const openInvoiceLines = async () => {
    const rows = await test.db
      .select({
        invoice_number: invoices.invoice_number,
        case_uid: invoice_lines.case_uid,
        description: invoice_lines.description,
        total_amount: invoice_lines.total_amount,
      })
      .from(invoices)
      .innerJoin(invoice_lines, eq(invoice_lines.invoice_id, invoices.id))
      .where(eq(invoices.collection_uid, collection.uid))
      .orderBy(invoice_lines.sort);
    return rows;
  };

  it('answers 409 for a physical component and changes nothing', async () => {
    const response = await calls.act(physical.case_id, { action: 'mark_as_done' });
    expect(response.statusCode).toBe(409);
    expect(errorMessage(response)).toBe('Only an active virtual component can be marked as done');
    expect((await loadCase(test, physical.uid)).dispatched).toBe(false);
    expect(await openInvoiceLines()).toEqual([]);
  });

  it('dispatches a virtual component, stamps design complete and raises the invoice', async () => {
    const response = await calls.act(virtualOne.case_id, { action: 'mark_as_done' });
    expect(response.statusCode).toBe(200);
    const presented = collectionCaseSchema.parse(response.json());
    expect(presented).toMatchObject({
      status: 'Dispatched',
      dispatched: true,
      in_design: false,
      active: false,
      department: null,
    });
    expect(presented.date_dispatched).not.toBeNull();
    expect(presented.date_design_complete).toBe(presented.date_dispatched);
    expect(presented.design_user).toMatch(/^Test User/);
    const lines = await openInvoiceLines();
    expect(lines).toEqual([
      {
        invoice_number: expect.any(Number) as number,
        case_uid: virtualOne.uid,
        description: 'Design Only',
        total_amount: '180.00',
      },
    ]);
    const [audit] = await caseAuditOf(test, virtualOne.uid);
    expect(audit?.changed_values).toMatchObject({
      status: { old: 'Design In Progress', new: 'Dispatched' },
      department: { old: 'DESIGN', new: null },
      invoice_number: { old: null, new: lines[0]?.invoice_number },
    });

    const again = await calls.act(virtualOne.case_id, { action: 'mark_as_done' });
    expect(again.statusCode).toBe(409);
  });

  it('adds the next virtual component to the same open invoice', async () => {
    const response = await calls.act(virtualTwo.case_id, { action: 'mark_as_done' });
    expect(response.statusCode).toBe(200);
    const lines = await openInvoiceLines();
    expect(lines.map((l) => l.case_uid)).toEqual([virtualOne.uid, virtualTwo.uid]);
    expect(new Set(lines.map((l) => l.invoice_number)).size).toBe(1);
    const covered = await test.db.select().from(invoice_cases);
    expect(covered.map((c) => c.case_uid).sort()).toEqual([virtualOne.uid, virtualTwo.uid].sort());
  });
});
