import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing';
import { badValues, sendRaw, snapshotWritableRows, type RawCall } from '../../testing/bad-input-kit';
import {
  createCaseBadInputCalls,
  createCaseBadInputWorld,
  describeRefusals,
  type BadInput,
  type CaseBadInputWorld,
  notNumber,
} from './case-bad-input-kit';

// Malformed and rule-breaking input thrown at the two edit actions of POST /api/v2/case/{case_id}/:
// edit_case (reference ids that are not one, or not of the right kind, texts PostgreSQL cannot hold, a
// status change that needs a confirmation) and edit_component (attachment lines). Each answers a 4xx with
// its message, and not one row of the database has changed afterwards. Then the fields edit_case must
// ignore rather than refuse; they run last, as the thickness test writes a row the tables must not see.

const { big, nul, long } = badValues;

let test: TestApp;
let world: CaseBadInputWorld;

beforeAll(async () => {
  test = await createTestApp();
  world = await createCaseBadInputWorld(test);
});
afterAll(() => test.close());

const send = (call: RawCall) => sendRaw(test, world.staff, call);
const { act, editCase, editLines } = createCaseBadInputCalls(() => world);

const caseEdits: BadInput[] = [
  ['a blank job type', () => editCase({ job_type_id: null }), 400, 'Cannot be blank'],
  ['an unknown job type', () => editCase({ job_type_id: 999_999 }), 400, 'Unknown job type'],
  ['a job type past integer', () => editCase({ job_type_id: big }), 400, 'Unknown job type'],
  ['a job type as text', () => editCase({ job_type_id: '1' }), 400, notNumber],
  ['a status past integer', () => editCase({ status_id: big }), 400, 'Unknown status'],
  ['a material type past integer', () => editCase({ material_type_id: big }), 400, 'Unknown material type'],
  ['a material past integer', () => editCase({ material_id: big }), 400, 'Unknown material'],
  ['a scan gauge past integer', () => editCase({ scan_gauge_kit_id: big }), 400, 'Unknown kit'],
  [
    'a client gauge kit past integer',
    () => editCase({ client_gauge_kits: [{ gauge_kit_id: big }] }),
    400,
    'Unknown kit',
  ],
  [
    'a scan gauge as client gauge kit',
    () => editCase({ client_gauge_kits: [{ gauge_kit_id: world.ids.scanGauge }] }),
    400,
    'Unknown kit',
  ],
  [
    'a client gauge kit as scan gauge',
    () => editCase({ scan_gauge_kit_id: world.ids.clientGauge }),
    400,
    'Unknown kit',
  ],
  [
    "'none matches' without a Scan Gauge ID",
    () => editCase({ scan_gauge_kit_id: 0, scan_gauge_name: '  ' }),
    400,
    'Cannot be blank',
  ],
  [
    'a Scan Gauge ID with a NUL',
    () => editCase({ scan_gauge_kit_id: 0, scan_gauge_name: nul }),
    400,
    'Contains characters that cannot be stored',
  ],
  [
    'a batch number with a NUL',
    () => editCase({ material_batch_number: nul }),
    400,
    'Contains characters that cannot be stored',
  ],
  [
    'a 10k-character batch number',
    () => editCase({ material_batch_number: long }),
    400,
    'Must be at most 100 characters',
  ],
  ['a negative thickness', () => editCase({ material_thickness: -1 }), 400, 'Must be at least 0'],
  [
    'a delegate past integer',
    () => editCase({ delegated_to_id: big }),
    400,
    "Choose an employee of the case's department",
  ],
  [
    'a delegate of another department',
    () => editCase({ delegated_to_id: world.ids.machinist }),
    400,
    "Choose an employee of the case's department",
  ],
  ['an array as the case', () => editCase([]), 400, 'Must be an object'],
  ['no case', () => act({ action: 'edit_case' }), 400, 'Is required'],
  [
    'forceUpdateStatus as text',
    () => act({ action: 'edit_case', case: {}, forceUpdateStatus: 'true' }),
    400,
    'Must be true or false',
  ],
  [
    'leaving production while the project runs',
    () => act({ action: 'edit_case', case: { status_id: world.ids.designStatus } }, world.milled),
    409,
    'This case will be removed from production. Are you sure?',
  ],
  [
    'a bad field next to good ones',
    () => editCase({ dentate: 'UPPER', material_batch_number: 'B-1', status_id: big }),
    400,
    'Unknown status',
  ],
];

const lineEdits: BadInput[] = [
  [
    'a line without a component',
    () => editLines([{ component_id: null, quantity: 1 }]),
    400,
    'Attachment type must be selected',
  ],
  [
    'a component past integer',
    () => editLines([{ component_id: big, quantity: 1 }]),
    400,
    'Unknown component',
  ],
  [
    'an analog as an attachment',
    () => editLines([{ component_id: world.ids.analog, quantity: 1 }]),
    400,
    'Unknown component',
  ],
  [
    'a quantity of 0',
    () => editLines([{ component_id: world.ids.attachment, quantity: 0 }]),
    400,
    'Quantity is required',
  ],
  [
    'a quantity past integer',
    () => editLines([{ component_id: world.ids.attachment, quantity: big }]),
    400,
    'Must be at most 999',
  ],
  [
    'a fractional quantity',
    () => editLines([{ component_id: world.ids.attachment, quantity: 1.5 }]),
    400,
    'Quantity is required',
  ],
  [
    'a quantity as text',
    () => editLines([{ component_id: world.ids.attachment, quantity: '2' }]),
    400,
    'Quantity is required',
  ],
  [
    'an object as the list',
    () => editLines({ component_id: world.ids.attachment, quantity: 1 }),
    400,
    'Must be a list',
  ],
];

describeRefusals(
  () => ({ test, world }),
  [
    ['edit_case', caseEdits],
    ['edit_component', lineEdits],
  ],
);

describe('fields a client may not set', () => {
  it('ignores extra fields: flags, ids and names sent with edit_case change nothing', async () => {
    const response = await send(
      editCase({
        dispatched: true,
        cancelled: true,
        status: 'Dispatched',
        case_id: 1,
        uid: world.elsewhere.uid,
        warranty_void: true,
        fulfillment_branch_id: 1,
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ uid: world.plain.uid, dispatched: false, warranty_void: false });
    expect(await snapshotWritableRows(test.db)).toEqual(world.before);
  });

  it('saves the same thickness twice as one change (stored with two decimals)', async () => {
    const first = await send(editCase({ material_thickness: 1.239 }));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ material_thickness: 1.24 });
    const afterFirst = await snapshotWritableRows(test.db);
    expect(afterFirst).not.toEqual(world.before);
    const again = await send(editCase({ material_thickness: 1.239 }));
    expect(again.statusCode).toBe(200);
    expect(await snapshotWritableRows(test.db)).toEqual(afterFirst);
  });
});
