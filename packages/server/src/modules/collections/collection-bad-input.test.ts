import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAs, type SignedInUser, type TestApp } from '../../testing';
import {
  createClient,
  createCollection,
  type ClientRow,
  type CreatedCollection,
} from '../../testing/factories';
import {
  badValues,
  notAnObject,
  unstorable,
  expectRefusedUnchanged,
  melbourneLocal,
  sendRaw,
  snapshotWritableRows,
  type RawCall,
  type RowSnapshot,
} from '../../testing/bad-input-kit';
import { referenceIds } from './collection-write-test-kit';

// Malformed and rule-breaking input thrown at every write of a collection (PATCH /api/v2/collection/{uid}/
// in both forms, POST /api/v2/collection/{uid}/ with its actions, POST …/component/): each answers a 4xx
// with its message, and not one row of the database has changed afterwards.

const { big, nul, long } = badValues;

let test: TestApp;
let staff: SignedInUser;
let before: RowSnapshot;
let client: ClientRow;
let collection: CreatedCollection;
let branchless: CreatedCollection;
let ref: {
  melbourne: number;
  pricingKit: number;
  otherPricingKit: number;
  scanGauge: number;
  jobType: number;
  status: number;
};

beforeAll(async () => {
  test = await createTestApp();
  staff = await signInAs(test, { department: 'SUPPORT' });
  const ids = referenceIds(test.db);
  client = await createClient(test.db, { name: 'Harbour Dental', country: 'AU' });
  collection = await createCollection(test.db, {
    client,
    patientReference: 'Brown, Alex',
    branch: 'Melbourne',
  });
  branchless = await createCollection(test.db, { client, branch: null });
  ref = {
    melbourne: await ids.branch('Melbourne'),
    pricingKit: await ids.kit('PRK-AO4'),
    otherPricingKit: await ids.kit('PRK-AO6'),
    scanGauge: await ids.kit('SGK-NB-CC4'),
    jobType: await ids.jobType('Screw-Retained Bridge'),
    status: await ids.status('Awaiting Status Allocation'),
  };
  before = await snapshotWritableRows(test.db);
});
afterAll(() => test.close());

type Call = Omit<RawCall, 'url' | 'method'> & {
  method: 'POST' | 'PATCH';
  /** Below /api/v2/collection/; default the collection's own path. */
  path?: string;
};

const send = (call: Call) =>
  sendRaw(test, staff, { ...call, url: `/api/v2/collection/${call.path ?? `${collection.uid}/`}` });

const basic = (overrides: Record<string, unknown> = {}) => ({
  patient_reference: 'Brown, Alex',
  ordering_platform: 'oep',
  fulfillment_branch_id: ref.melbourne,
  shipping_client_uid: client.uid,
  ...overrides,
});
const patch = (body: unknown): Call => ({ method: 'PATCH', body });
const action = (body: unknown): Call => ({ method: 'POST', body });
const addComponent = (overrides: Record<string, unknown>): Call => ({
  method: 'POST',
  path: `${collection.uid}/component/`,
  body: { job_type_id: ref.jobType, dentate: 'UPPER', status_id: ref.status, ...overrides },
});

type BadInput = [label: string, call: () => Call, status: number, message: string];

const notFound = 'Could not load case collection';
const invalidAction = 'Invalid action';

const actions: BadInput[] = [
  ['no body', () => ({ method: 'POST' }), 400, invalidAction],
  ['an empty object', () => action({}), 400, invalidAction],
  ['an array', () => action([{ action: 'toggle_vip' }]), 400, notAnObject],
  [
    'a text/plain body',
    () => ({ method: 'POST', body: 'toggle_vip', contentType: 'text/plain' }),
    400,
    notAnObject,
  ],
  ['an unknown action', () => action({ action: 'delete' }), 400, invalidAction],
  ['an action with a NUL', () => action({ action: `toggle_vip${nul}` }), 400, unstorable],
  [
    'a malformed uid',
    () => ({ method: 'POST', path: 'not-a-uid/', body: { action: 'toggle_vip' } }),
    404,
    notFound,
  ],
  ['a NUL uid', () => ({ method: 'POST', path: '%00/', body: { action: 'toggle_vip' } }), 404, notFound],
  [
    'an unknown uid',
    () => ({ method: 'POST', path: `${randomUUID()}/`, body: { action: 'toggle_vip' } }),
    404,
    notFound,
  ],
  [
    'a box without a branch',
    () => ({ method: 'POST', path: `${branchless.uid}/`, body: { action: 'toggle_location' } }),
    409,
    'No Fulfillment Branch Selected',
  ],
];

const orderStages: BadInput[] = [
  ['an order stage past integer', () => patch({ order_stage: big }), 400, 'Unknown order stage'],
  ['an unknown order stage', () => patch({ order_stage: 999_999 }), 400, 'Unknown order stage'],
  ['an order stage as text', () => patch({ order_stage: 'New Order' }), 400, 'Unknown order stage'],
  ['a negative order stage', () => patch({ order_stage: -1 }), 400, 'Unknown order stage'],
  [
    'an order stage on a malformed uid',
    () => ({ method: 'PATCH', path: 'x/', body: { order_stage: null } }),
    404,
    notFound,
  ],
];

const basicInformation: BadInput[] = [
  ['no body', () => ({ method: 'PATCH' }), 400, 'Cannot be blank'],
  ['an empty form', () => patch({}), 400, 'Cannot be blank'],
  ['an array', () => patch([]), 400, notAnObject],
  [
    'a text/plain body',
    () => ({ method: 'PATCH', body: 'hello', contentType: 'text/plain' }),
    400,
    notAnObject,
  ],
  ['a blank patient reference', () => patch(basic({ patient_reference: '   ' })), 400, 'Cannot be blank'],
  [
    'a patient reference with a NUL',
    () => patch(basic({ patient_reference: nul })),
    400,
    'Contains characters that cannot be stored',
  ],
  [
    'a 201-character patient reference',
    () => patch(basic({ patient_reference: 'x'.repeat(201) })),
    400,
    'Must be at most 200 characters',
  ],
  [
    'a 10k-character patient reference',
    () => patch(basic({ patient_reference: long })),
    400,
    'Must be at most 200 characters',
  ],
  [
    'an unknown ordering platform',
    () => patch(basic({ ordering_platform: 'fax' })),
    400,
    'Unknown ordering platform',
  ],
  ['a branch past integer', () => patch(basic({ fulfillment_branch_id: big })), 400, 'Unknown branch'],
  ['an unknown branch', () => patch(basic({ fulfillment_branch_id: 999_999 })), 400, 'Unknown branch'],
  ['a branch as text', () => patch(basic({ fulfillment_branch_id: 'Melbourne' })), 400, 'Cannot be blank'],
  [
    'a malformed shipping client',
    () => patch(basic({ shipping_client_uid: 'harbour' })),
    400,
    'Shipping client is required',
  ],
  [
    'an unknown shipping client',
    () => patch(basic({ shipping_client_uid: randomUUID() })),
    400,
    'Unknown client',
  ],
  [
    'an unknown billing client',
    () => patch(basic({ billing_client_uid: randomUUID() })),
    400,
    'Unknown client',
  ],
  ['a billing client as a number', () => patch(basic({ billing_client_uid: 7 })), 400, 'Unknown client'],
  [
    'a pricing kit past integer',
    () => patch(basic({ pricing_kits: [{ kit_id: big, kit_dentate_name: 'UPPER' }] })),
    400,
    'Unknown kit',
  ],
  [
    'a scan gauge as pricing kit',
    () => patch(basic({ pricing_kits: [{ kit_id: ref.scanGauge, kit_dentate_name: 'UPPER' }] })),
    400,
    'Unknown kit',
  ],
  [
    'two pricing kits on one arch',
    () =>
      patch(
        basic({
          pricing_kits: [
            { kit_id: ref.pricingKit, kit_dentate_name: 'UPPER' },
            { kit_id: ref.otherPricingKit, kit_dentate_name: 'UPPER' },
          ],
        }),
      ),
    400,
    'Only one pricing kit per dentate',
  ],
  [
    'a pricing kit object instead of a list',
    () => patch(basic({ pricing_kits: { kit_id: ref.pricingKit } })),
    400,
    'Must be a list',
  ],
  [
    'a good form with one bad field',
    () => patch(basic({ patient_reference: 'Green, Sam', fulfillment_branch_id: big })),
    400,
    'Unknown branch',
  ],
];

const components: BadInput[] = [
  ['no body', () => ({ method: 'POST', path: `${collection.uid}/component/` }), 400, 'Cannot be blank'],
  ['an array', () => ({ method: 'POST', path: `${collection.uid}/component/`, body: [] }), 400, notAnObject],
  ['a job type past integer', () => addComponent({ job_type_id: big }), 400, 'Unknown job type'],
  ['an unknown job type', () => addComponent({ job_type_id: 999_999 }), 400, 'Unknown job type'],
  ['a status past integer', () => addComponent({ status_id: big }), 400, 'Unknown status'],
  ['a blank status', () => addComponent({ status_id: null }), 400, 'Cannot be blank'],
  ['an unknown dentate', () => addComponent({ dentate: 'SIDEWAYS' }), 400, 'Cannot be blank'],
  ['a promise with a NUL', () => addComponent({ date_promised: nul }), 400, unstorable],
  [
    'a promise in the past',
    () => addComponent({ date_promised: melbourneLocal({ days: -2 }).date }),
    400,
    'Cannot be in the past',
  ],
  [
    'a promise in year 9999',
    () => addComponent({ date_promised: '9999-12-31' }),
    400,
    'Must be within 2 years of today',
  ],
  [
    'a promise 3 years ahead',
    () => addComponent({ date_promised: melbourneLocal({ years: 3 }).date }),
    400,
    'Must be within 2 years of today',
  ],
  ['a component of a malformed uid', () => ({ ...addComponent({}), path: 'x/component/' }), 404, notFound],
];

describe.each([
  ['POST actions', actions],
  ['PATCH order stage', orderStages],
  ['PATCH basic information', basicInformation],
  ['Add Component', components],
])('%s', (_group, inputs) => {
  it.each(inputs)('%s → %i %s, nothing changed', async (_label, call, status, message) => {
    await expectRefusedUnchanged(test, await send(call()), { status, message, before });
  });
});

describe('the snapshot sees a change', () => {
  it('a good Add Component changes rows (so the checks above can fail)', async () => {
    const response = await send(addComponent({ date_promised: melbourneLocal({ days: 14 }).date }));
    expect(response.statusCode).toBe(201);
    expect(await snapshotWritableRows(test.db)).not.toEqual(before);
  });
});
