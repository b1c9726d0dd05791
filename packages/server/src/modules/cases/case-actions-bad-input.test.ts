import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../../testing';
import { badValues, notAnObject, unstorable } from '../../testing/bad-input-kit';
import {
  createCaseBadInputCalls,
  createCaseBadInputWorld,
  describeRefusals,
  type BadInput,
  type CaseBadInputWorld,
  invalidAction,
  notNumber,
} from './case-bad-input-kit';

// Malformed and rule-breaking input thrown at POST /api/v2/case/{case_id}/ itself: bodies of the wrong
// shape, case ids that are not one, and the small actions (received, mark_as_done, edit_group_number,
// clone_implants, start_immediacy). Each answers a 4xx with its message, and not one row of the database
// has changed afterwards. The other writes of a case have files of their own: case-edit-, case-times-redo-finishing- and
// case-implants-bad-input.

const { big, nul } = badValues;

let test: TestApp;
let world: CaseBadInputWorld;

beforeAll(async () => {
  test = await createTestApp();
  world = await createCaseBadInputWorld(test);
});
afterAll(() => test.close());

const { caseUrl, act } = createCaseBadInputCalls(() => world);

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
    notAnObject,
  ],
  ['an array', () => act([{ action: 'received' }]), 400, notAnObject],
  [
    'a JSON string',
    () => ({ url: caseUrl(), body: '"received"', contentType: 'application/json' }),
    400,
    notAnObject,
  ],
  ['JSON null', () => ({ url: caseUrl(), body: 'null', contentType: 'application/json' }), 400, notAnObject],
  ['an unknown action', () => act({ action: 'delete_everything' }), 400, invalidAction],
  ['an action with a NUL', () => act({ action: `received${nul}` }), 400, unstorable],
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
  [
    'received twice',
    () => act({ action: 'received' }, world.received),
    409,
    'The case has already been received',
  ],
  [
    'received with send_email text',
    () => act({ action: 'received', send_email: 'yes' }),
    400,
    'Must be true or false',
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
    'Must be more than 0',
  ],
  ['a group number as text', () => act({ action: 'edit_group_number', group_number: '3' }), 400, notNumber],
  [
    'a fractional group number',
    () => act({ action: 'edit_group_number', group_number: 1.5 }),
    400,
    'Must be a whole number',
  ],
  [
    'a group number of 1e400',
    () => ({
      url: caseUrl(),
      body: '{"action":"edit_group_number","group_number":1e400}',
      contentType: 'application/json',
    }),
    400,
    'Must be a number',
  ],
  ['no group number', () => act({ action: 'edit_group_number' }), 400, 'Is required'],
  [
    'clone from itself',
    () => act({ action: 'clone_implants', target_case_id: world.plain.case_id }),
    400,
    'Choose another component to clone from',
  ],
  [
    'clone from another collection',
    () => act({ action: 'clone_implants', target_case_id: world.elsewhere.case_id }),
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
    'Must be more than 0',
  ],
  [
    'an immediacy that is not a time',
    () => act({ action: 'start_immediacy', immediacy_due: 'soon' }),
    400,
    'Must be a date and time',
  ],
  [
    'an immediacy with a NUL',
    () => act({ action: 'start_immediacy', immediacy_due: `2030-01-01T00:00:00Z${nul}` }),
    400,
    unstorable,
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
    'Must be text',
  ],
];

describeRefusals(
  () => ({ test, world }),
  [
    ['body shapes and ids', shapes],
    ['small actions', smallActions],
  ],
);
