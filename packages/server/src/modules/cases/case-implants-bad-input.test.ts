import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../../testing';
import { badValues } from '../../testing/bad-input-kit';
import {
  createCaseBadInputCalls,
  createCaseBadInputWorld,
  describeRefusals,
  type BadInput,
  type CaseBadInputWorld,
} from './case-bad-input-kit';

// Malformed and rule-breaking input thrown at the implant writes of a case (POST, PUT, PATCH and DELETE
// under /api/v2/case/{uid}/implants/): implant ids and teeth that are not one, a taken tooth, a patch
// setting both options. Each answers a 4xx with its message, and not one row of the database has changed
// afterwards.

const { big } = badValues;

let test: TestApp;
let world: CaseBadInputWorld;

beforeAll(async () => {
  test = await createTestApp();
  world = await createCaseBadInputWorld(test);
});
afterAll(() => test.close());

const { implantUrl } = createCaseBadInputCalls(() => world);

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
  ['an implant as an array', () => ({ url: implantUrl(), body: [] }), 400, 'The body must be a JSON object'],
  [
    'an implant patch with both options',
    () => ({
      method: 'PATCH',
      url: `${implantUrl()}${world.implantId}/`,
      body: { engaging: true, bi_axial: true },
    }),
    400,
    'Set exactly one of engaging or bi_axial to true',
  ],
];

describeRefusals(() => ({ test, world }), [['implants', implantWrites]]);
