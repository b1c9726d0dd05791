import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branches, components, kits, machine_projects } from '../../db/schema/index';
import { createTestApp, signInAs, type SignedInUser, type TestApp } from '../../testing';
import {
  createCollection,
  createEmployee,
  createImplant,
  type CaseRow,
  type CreatedCollection,
} from '../../testing/factories';
import {
  badValues,
  expectRefusedUnchanged,
  melbourneLocal,
  sendRaw,
  snapshotWritableRows,
  type RawCall,
  type RowSnapshot,
} from '../../testing/bad-input-kit';
import { firstId, statusId } from './cases-test-kit';

// Malformed and rule-breaking input thrown at every write of a case (POST /api/v2/case/{case_id}/ with
// each action, POST /api/v2/finishing/{case_id}/, the implant writes and the Modify Case Times preview):
// each answers a 4xx with its message, and not one row of the database has changed afterwards.

const { big, nul, long } = badValues;

let test: TestApp;
let staff: SignedInUser;
let before: RowSnapshot;
let main: CreatedCollection;
let plain: CaseRow;
let inLab: CaseRow;
let received: CaseRow;
let milled: CaseRow;
let elsewhere: CaseRow;
let implantId: number;
let ids: {
  attachment: number;
  analog: number;
  scanGauge: number;
  clientGauge: number;
  machinist: number;
  designStatus: number;
  polishing: number;
};

beforeAll(async () => {
  test = await createTestApp();
  staff = await signInAs(test, { department: 'DESIGN' });
  const melbourneId = await firstId(
    test.db.select({ id: branches.id }).from(branches).where(eq(branches.name, 'Melbourne')),
    'branch',
  );
  const projectId = await firstId(
    test.db
      .insert(machine_projects)
      .values({ name: 'Nest 7', branch_id: melbourneId, status: 'Pending' })
      .returning({ id: machine_projects.id }),
    'project',
  );
  main = await createCollection(test.db, {
    cases: [
      {},
      { statusName: 'Polishing', groupNumber: 1 },
      { dateReceived: new Date() },
      { statusName: 'Machining', fields: { machine_project_id: projectId } },
    ],
  });
  [plain, inLab, received, milled] = main.cases as [CaseRow, CaseRow, CaseRow, CaseRow];
  implantId = (await createImplant(test.db, plain.uid, { tooth: 11 })).id;
  [elsewhere] = (await createCollection(test.db)).cases as [CaseRow];
  const componentOf = (kind: string) =>
    firstId(
      test.db
        .select({ id: components.id })
        .from(components)
        .where(eq(components.kind, kind))
        .orderBy(asc(components.id)),
      kind,
    );
  const kitOf = (kind: string) =>
    firstId(
      test.db.select({ id: kits.id }).from(kits).where(eq(kits.kind, kind)).orderBy(asc(kits.id)),
      kind,
    );
  ids = {
    attachment: await componentOf('attachment'),
    analog: await componentOf('analog'),
    scanGauge: await kitOf('SCAN_GAUGE'),
    clientGauge: await kitOf('CLIENT_GAUGE'),
    machinist: (await createEmployee(test.db, { department: 'MACHINING' })).id,
    designStatus: await statusId(test, 'Design In Progress'),
    polishing: await statusId(test, 'Polishing'),
  };
  before = await snapshotWritableRows(test.db);
});
afterAll(() => test.close());

const send = (call: RawCall) => sendRaw(test, staff, call);

const caseUrl = (row: { case_id: number } = plain) => `/api/v2/case/${row.case_id}/`;
const act = (body: unknown, row?: { case_id: number }): RawCall => ({ url: caseUrl(row), body });
const editCase = (edit: unknown): RawCall => act({ action: 'edit_case', case: edit });
const editLines = (lines: unknown): RawCall =>
  act({ action: 'edit_component', case: { attachments: lines } });
const updateTimes = (times: object): RawCall => act({ action: 'update_times', ...times });
const redo = (request: unknown): RawCall => act({ action: 'redo_case', redo: request });
const finish = (body: unknown, row: { case_id: number } = inLab): RawCall => ({
  url: `/api/v2/finishing/${row.case_id}/`,
  body,
});
const implantUrl = () => `/api/v2/case/${plain.uid}/implants/`;

type BadInput = [label: string, call: () => RawCall, status: number, message: string];

const invalidAction = 'Invalid action';
const notNumber = 'Invalid input: expected number, received string';

const shapes: BadInput[] = [
  [
    'JSON content type without a body',
    () => ({ url: caseUrl(), contentType: 'application/json' }),
    400,
    "Body cannot be empty when content-type is set to 'application/json'",
  ],
  ['no body at all', () => ({ url: caseUrl() }), 400, invalidAction],
  [
    'broken JSON',
    () => ({ url: caseUrl(), body: '{"action":', contentType: 'application/json' }),
    400,
    "Body is not valid JSON but content-type is set to 'application/json'",
  ],
  [
    'a text/plain body',
    () => ({ url: caseUrl(), body: 'received', contentType: 'text/plain' }),
    400,
    invalidAction,
  ],
  ['an array', () => act([{ action: 'received' }]), 400, invalidAction],
  [
    'a JSON string',
    () => ({ url: caseUrl(), body: '"received"', contentType: 'application/json' }),
    400,
    invalidAction,
  ],
  [
    'JSON null',
    () => ({ url: caseUrl(), body: 'null', contentType: 'application/json' }),
    400,
    invalidAction,
  ],
  ['an unknown action', () => act({ action: 'delete_everything' }), 400, invalidAction],
  ['an action with a NUL', () => act({ action: `received${nul}` }), 400, invalidAction],
  ['an action that is a number', () => act({ action: 1 }), 400, invalidAction],
  [
    'a negative case id',
    () => ({ url: '/api/v2/case/-1/', body: { action: 'received' } }),
    404,
    'Case not found',
  ],
  [
    'a case id past integer',
    () => ({ url: `/api/v2/case/${big}/`, body: { action: 'received' } }),
    404,
    'Case not found',
  ],
  [
    'a NUL case id',
    () => ({ url: '/api/v2/case/%00/', body: { action: 'received' } }),
    404,
    'Case not found',
  ],
  [
    'a case id with letters',
    () => ({ url: '/api/v2/case/12ab/', body: { action: 'received' } }),
    404,
    'Case not found',
  ],
  [
    'an unknown case id',
    () => ({ url: '/api/v2/case/2147483000/', body: { action: 'received' } }),
    404,
    'Case not found',
  ],
];

const smallActions: BadInput[] = [
  ['received twice', () => act({ action: 'received' }, received), 409, 'The case has already been received'],
  [
    'received with send_email text',
    () => act({ action: 'received', send_email: 'yes' }),
    400,
    'Invalid input: expected boolean, received string',
  ],
  [
    'mark_as_done on a physical case',
    () => act({ action: 'mark_as_done' }),
    409,
    'Only an active virtual component can be marked as done',
  ],
  [
    'a group number past integer',
    () => act({ action: 'edit_group_number', group_number: big }),
    400,
    'Must be at most 999',
  ],
  [
    'a group number of 1000',
    () => act({ action: 'edit_group_number', group_number: 1000 }),
    400,
    'Must be at most 999',
  ],
  [
    'a negative group number',
    () => act({ action: 'edit_group_number', group_number: -1 }),
    400,
    'Too small: expected number to be >0',
  ],
  ['a group number as text', () => act({ action: 'edit_group_number', group_number: '3' }), 400, notNumber],
  [
    'a fractional group number',
    () => act({ action: 'edit_group_number', group_number: 1.5 }),
    400,
    'Invalid input: expected int, received number',
  ],
  [
    'a group number of 1e400',
    () => ({
      url: caseUrl(),
      body: '{"action":"edit_group_number","group_number":1e400}',
      contentType: 'application/json',
    }),
    400,
    'Invalid input: expected number, received Infinity',
  ],
  [
    'no group number',
    () => act({ action: 'edit_group_number' }),
    400,
    'Invalid input: expected number, received undefined',
  ],
  [
    'clone from itself',
    () => act({ action: 'clone_implants', target_case_id: plain.case_id }),
    400,
    'Choose another component to clone from',
  ],
  [
    'clone from another collection',
    () => act({ action: 'clone_implants', target_case_id: elsewhere.case_id }),
    400,
    'The component is not in this collection',
  ],
  [
    'clone from an id past integer',
    () => act({ action: 'clone_implants', target_case_id: big }),
    400,
    'The component is not in this collection',
  ],
  [
    'clone from a negative id',
    () => act({ action: 'clone_implants', target_case_id: -5 }),
    400,
    'Too small: expected number to be >0',
  ],
  [
    'an immediacy that is not a time',
    () => act({ action: 'start_immediacy', immediacy_due: 'soon' }),
    400,
    'Invalid ISO datetime',
  ],
  [
    'an immediacy with a NUL',
    () => act({ action: 'start_immediacy', immediacy_due: `2030-01-01T00:00:00Z${nul}` }),
    400,
    'Invalid ISO datetime',
  ],
  [
    'an immediacy in the past',
    () => act({ action: 'start_immediacy', immediacy_due: '2020-01-01T00:00:00Z' }),
    400,
    'Cannot be in the past',
  ],
  [
    'an immediacy as a number',
    () => act({ action: 'start_immediacy', immediacy_due: 12 }),
    400,
    'Invalid input: expected string, received number',
  ],
];

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
    () => editCase({ client_gauge_kits: [{ gauge_kit_id: ids.scanGauge }] }),
    400,
    'Unknown kit',
  ],
  [
    'a client gauge kit as scan gauge',
    () => editCase({ scan_gauge_kit_id: ids.clientGauge }),
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
    'Contains invalid characters',
  ],
  [
    'a batch number with a NUL',
    () => editCase({ material_batch_number: nul }),
    400,
    'Contains invalid characters',
  ],
  [
    'a 10k-character batch number',
    () => editCase({ material_batch_number: long }),
    400,
    'Too big: expected string to have <=100 characters',
  ],
  [
    'a negative thickness',
    () => editCase({ material_thickness: -1 }),
    400,
    'Too small: expected number to be >=0',
  ],
  [
    'a delegate past integer',
    () => editCase({ delegated_to_id: big }),
    400,
    "Choose an employee of the case's department",
  ],
  [
    'a delegate of another department',
    () => editCase({ delegated_to_id: ids.machinist }),
    400,
    "Choose an employee of the case's department",
  ],
  ['an array as the case', () => editCase([]), 400, 'Invalid input: expected object, received array'],
  ['no case', () => act({ action: 'edit_case' }), 400, 'Invalid input: expected object, received undefined'],
  [
    'forceUpdateStatus as text',
    () => act({ action: 'edit_case', case: {}, forceUpdateStatus: 'true' }),
    400,
    'Invalid input: expected boolean, received string',
  ],
  [
    'leaving production while the project runs',
    () => act({ action: 'edit_case', case: { status_id: ids.designStatus } }, milled),
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
    () => editLines([{ component_id: ids.analog, quantity: 1 }]),
    400,
    'Unknown component',
  ],
  [
    'a quantity of 0',
    () => editLines([{ component_id: ids.attachment, quantity: 0 }]),
    400,
    'Quantity is required',
  ],
  [
    'a quantity past integer',
    () => editLines([{ component_id: ids.attachment, quantity: big }]),
    400,
    'Must be at most 999',
  ],
  [
    'a fractional quantity',
    () => editLines([{ component_id: ids.attachment, quantity: 1.5 }]),
    400,
    'Quantity is required',
  ],
  [
    'a quantity as text',
    () => editLines([{ component_id: ids.attachment, quantity: '2' }]),
    400,
    'Quantity is required',
  ],
  [
    'an object as the list',
    () => editLines({ component_id: ids.attachment, quantity: 1 }),
    400,
    'Invalid input: expected array, received object',
  ],
];

const times: BadInput[] = [
  ['no start time', () => updateTimes({}), 400, 'Must be selected'],
  ['a start time that is not a time', () => updateTimes({ new_start_time: 'x' }), 400, 'Invalid date'],
  [
    'a start time with a NUL',
    () => updateTimes({ new_start_time: `${melbourneLocal({}).time}${nul}` }),
    400,
    'Invalid date',
  ],
  ['a 10k-character start time', () => updateTimes({ new_start_time: long }), 400, 'Invalid date'],
  ['the 30th of February', () => updateTimes({ new_start_time: '2027-02-30T10:00' }), 400, 'Invalid date'],
  [
    'a start time in year 1',
    () => updateTimes({ new_start_time: '0001-01-01T10:00' }),
    400,
    'Must be within 2 years of today',
  ],
  [
    'a start time 3 years ahead',
    () => updateTimes({ new_start_time: melbourneLocal({ years: 3 }).time }),
    400,
    'Must be within 2 years of today',
  ],
  [
    'a promise in year 9999',
    () => updateTimes({ new_start_time: melbourneLocal({}).time, new_promise_date: '9999-12-31' }),
    400,
    'Must be within 2 years of today',
  ],
  [
    'a promise 3 years ahead',
    () =>
      updateTimes({
        new_start_time: melbourneLocal({}).time,
        new_promise_date: melbourneLocal({ years: 3 }).date,
      }),
    400,
    'Must be within 2 years of today',
  ],
  [
    'a promise in the past',
    () =>
      updateTimes({
        new_start_time: melbourneLocal({}).time,
        new_promise_date: melbourneLocal({ days: -2 }).date,
      }),
    400,
    'Cannot be in the past',
  ],
  [
    'a promise as a number',
    () => updateTimes({ new_start_time: melbourneLocal({}).time, new_promise_date: 20301231 }),
    400,
    'Invalid date',
  ],
];

const redos: BadInput[] = [
  [
    'a redo of unknown kinds',
    () => redo({ redo: 'x', redo_reason: 'y', redo_charge: 'z' }),
    400,
    'Must be selected',
  ],
  [
    'a discount without an amount',
    () => redo({ redo: 'internal', redo_reason: 'des', redo_charge: 'discount' }),
    400,
    'Cannot be blank',
  ],
  [
    'a discount over 100',
    () => redo({ redo: 'internal', redo_reason: 'des', redo_charge: 'discount', redo_discount_amount: 1e9 }),
    400,
    'Too big: expected number to be <=100',
  ],
  ['an array as the redo', () => redo([]), 400, 'Invalid input: expected object, received array'],
];

const finishing: BadInput[] = [
  [
    'finishing without a body',
    () => ({ url: `/api/v2/finishing/${inLab.case_id}/` }),
    400,
    'Invalid input: expected object, received null',
  ],
  [
    'finishing an unknown action',
    () => finish({ action: 'dispatch', status_id: ids.polishing }),
    400,
    invalidAction,
  ],
  [
    'finishing a status past integer',
    () => finish({ action: 'change_status', status_id: big }),
    400,
    'Unknown status',
  ],
  ['finishing a status as text', () => finish({ action: 'change_status', status_id: 'x' }), 400, notNumber],
  [
    'finishing to a design status',
    () => finish({ action: 'change_status', status_id: ids.designStatus }),
    400,
    'The status is not a finishing status',
  ],
  [
    'finishing with grouped as text',
    () => finish({ action: 'change_status', status_id: ids.polishing, grouped: 'yes' }),
    400,
    'Invalid input: expected boolean, received string',
  ],
  [
    'finishing a case not in the lab',
    () => finish({ action: 'change_status', status_id: ids.polishing }, plain),
    409,
    'The case is not in the lab',
  ],
  [
    'finishing a case id past integer',
    () => ({ url: `/api/v2/finishing/${big}/`, body: { action: 'change_status', status_id: 1 } }),
    404,
    'Case not found',
  ],
];

const implantWrites: BadInput[] = [
  [
    'an implant replace with an id past integer',
    () => ({ method: 'PUT', url: `${implantUrl()}${big}/`, body: { tooth: 12, platform_id: null } }),
    400,
    'Invalid implant id',
  ],
  [
    'an implant patch with an id past integer',
    () => ({ method: 'PATCH', url: `${implantUrl()}${big}/`, body: { engaging: true } }),
    400,
    'Invalid implant id',
  ],
  [
    'an implant delete with an id past integer',
    () => ({ method: 'DELETE', url: `${implantUrl()}${big}/` }),
    400,
    'Invalid implant id',
  ],
  [
    'an implant delete with a NUL id',
    () => ({ method: 'DELETE', url: `${implantUrl()}%00/` }),
    400,
    'Invalid implant id',
  ],
  [
    'an implant on a tooth that is not one',
    () => ({ url: implantUrl(), body: { tooth: big, platform_id: null } }),
    400,
    'Invalid tooth',
  ],
  [
    'an implant on a taken tooth',
    () => ({ url: implantUrl(), body: { tooth: 11, platform_id: null } }),
    409,
    'Tooth already has an implant',
  ],
  [
    'an implant as an array',
    () => ({ url: implantUrl(), body: [] }),
    400,
    'Invalid input: expected object, received array',
  ],
  [
    'an implant patch with both options',
    () => ({
      method: 'PATCH',
      url: `${implantUrl()}${implantId}/`,
      body: { engaging: true, bi_axial: true },
    }),
    400,
    'Set exactly one of engaging or bi_axial to true',
  ],
];

const previews: BadInput[] = [
  [
    'a preview starting in year 1',
    () => ({
      url: '/api/v2/case/schedule/',
      body: { case_id: plain.case_id, start_time: '0001-01-01T10:00' },
    }),
    400,
    'Must be within 2 years of today',
  ],
  [
    'a preview promising year 9999',
    () => ({ url: '/api/v2/case/schedule/', body: { case_id: plain.case_id, date_promised: '9999-12-31' } }),
    400,
    'Must be within 2 years of today',
  ],
];

describe.each([
  ['body shapes and ids', shapes],
  ['small actions', smallActions],
  ['edit_case', caseEdits],
  ['edit_component', lineEdits],
  ['update_times', times],
  ['redo_case', redos],
  ['finishing', finishing],
  ['implants', implantWrites],
  ['schedule preview', previews],
])('%s', (_group, inputs) => {
  it.each(inputs)('%s → %i %s, nothing changed', async (_label, call, status, message) => {
    await expectRefusedUnchanged(test, await send(call()), { status, message, before });
  });
});

describe('fields a client may not set', () => {
  it('ignores extra fields: flags, ids and names sent with edit_case change nothing', async () => {
    const response = await send(
      editCase({
        dispatched: true,
        cancelled: true,
        status: 'Dispatched',
        case_id: 1,
        uid: elsewhere.uid,
        warranty_void: true,
        fulfillment_branch_id: 1,
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ uid: plain.uid, dispatched: false, warranty_void: false });
    expect(await snapshotWritableRows(test.db)).toEqual(before);
  });

  it('saves the same thickness twice as one change (stored with two decimals)', async () => {
    const first = await send(editCase({ material_thickness: 1.239 }));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ material_thickness: 1.24 });
    const afterFirst = await snapshotWritableRows(test.db);
    expect(afterFirst).not.toEqual(before);
    const again = await send(editCase({ material_thickness: 1.239 }));
    expect(again.statusCode).toBe(200);
    expect(await snapshotWritableRows(test.db)).toEqual(afterFirst);
  });
});
