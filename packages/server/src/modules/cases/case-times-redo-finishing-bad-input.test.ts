import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../../testing';
import { badValues, melbourneLocal } from '../../testing/bad-input-kit';
import {
  createCaseBadInputCalls,
  createCaseBadInputWorld,
  describeRefusals,
  type BadInput,
  type CaseBadInputWorld,
  invalidAction,
  notNumber,
} from './case-bad-input-kit';

// Malformed and rule-breaking input thrown at the writes that move a case along its schedule: the
// update_times and redo_case actions of POST /api/v2/case/{case_id}/, POST /api/v2/finishing/{case_id}/
// and the Modify Case Times preview (POST /api/v2/case/schedule/), with dates that are not dates or lie
// outside the two years allowed. Each answers a 4xx with its message, and not one row of the database has
// changed afterwards.

const { big, nul, long } = badValues;

let test: TestApp;
let world: CaseBadInputWorld;

beforeAll(async () => {
  test = await createTestApp();
  world = await createCaseBadInputWorld(test);
});
afterAll(() => test.close());

const { updateTimes, redo, finish } = createCaseBadInputCalls(() => world);

const times: BadInput[] = [
  ['no start time', () => updateTimes({}), 400, 'Must be selected'],
  ['a start time that is not a time', () => updateTimes({ new_start_time: 'x' }), 400, 'Invalid date'],
  [
    'a start time with a NUL',
    () => updateTimes({ new_start_time: `${melbourneLocal({}).time}${nul}` }),
    400,
    'Contains characters that cannot be stored',
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
    'Must be at most 100',
  ],
  ['an array as the redo', () => redo([]), 400, 'Must be an object'],
];

const finishing: BadInput[] = [
  [
    'finishing without a body',
    () => ({ url: `/api/v2/finishing/${world.inLab.case_id}/` }),
    400,
    'Must be an object',
  ],
  [
    'finishing an unknown action',
    () => finish({ action: 'dispatch', status_id: world.ids.polishing }),
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
    () => finish({ action: 'change_status', status_id: world.ids.designStatus }),
    400,
    'The status is not a finishing status',
  ],
  [
    'finishing with grouped as text',
    () => finish({ action: 'change_status', status_id: world.ids.polishing, grouped: 'yes' }),
    400,
    'Must be true or false',
  ],
  [
    'finishing a case not in the lab',
    () => finish({ action: 'change_status', status_id: world.ids.polishing }, world.plain),
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

const previews: BadInput[] = [
  [
    'a preview starting in year 1',
    () => ({
      url: '/api/v2/case/schedule/',
      body: { case_id: world.plain.case_id, start_time: '0001-01-01T10:00' },
    }),
    400,
    'Must be within 2 years of today',
  ],
  [
    'a preview promising year 9999',
    () => ({
      url: '/api/v2/case/schedule/',
      body: { case_id: world.plain.case_id, date_promised: '9999-12-31' },
    }),
    400,
    'Must be within 2 years of today',
  ],
];

describeRefusals(
  () => ({ test, world }),
  [
    ['update_times', times],
    ['redo_case', redos],
    ['finishing', finishing],
    ['schedule preview', previews],
  ],
);
