import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createCollection, type CreatedCollection } from '../../testing/factories';
import { addItems } from '../checklists/checklists-test-kit';
import { postOk } from '../messages/messages-test-kit';
import { createPortalCalls } from '../portal/portal-test-kit';
import { callCollection } from './collection-write-test-kit';
import { expectEtagCycle } from './etag-test-kit';

// The reads open pages poll (the collection every 30 s, with its messages and checklists, and the
// portal's collection) answer a strong ETag and a bodiless 304 while nothing changed.

let test: TestApp;
let staff: SignedInUser;
let collection: CreatedCollection;

beforeAll(async () => {
  test = await createTestApp();
  staff = await signInAs(test, { department: 'ADMIN', allDepartments: true });
  collection = await createCollection(test.db, { cases: [{ statusName: 'Polishing' }] });
});
afterAll(() => test.close());

const getAs =
  (url: string, auth: Record<string, string> = staff.headers) =>
  (headers: Record<string, string> = {}) =>
    test.app.inject({ method: 'GET', url, headers: { ...auth, ...headers } });

describe('ETag and 304 on the polled reads', () => {
  it('GET /api/v2/collection/{uid}/', async () => {
    await expectEtagCycle(getAs(`/api/v2/collection/${collection.uid}/`), () =>
      callCollection(test, {
        method: 'POST',
        uid: collection.uid,
        payload: { action: 'toggle_vip' },
        user: staff,
      }),
    );
  });

  it('GET /api/v2/collection/{uid}/messages/', async () => {
    await expectEtagCycle(getAs(`/api/v2/collection/${collection.uid}/messages/`), () =>
      postOk(test, staff, {
        case_collection_uid: collection.uid,
        case_uid: collection.cases[0]?.uid ?? '',
        message_type: 'CASE_NOTE',
        note: 'Shade A2',
      }),
    );
  });

  it('GET /api/v2/customer/{portal_key}/', async () => {
    const portal = createPortalCalls(test, collection.portal_key);
    // A capability link: the ETag and the 304 work, and the answer still stays out of every cache.
    await expectEtagCycle(
      getAs(`/api/v2/customer/${collection.portal_key}/`, {}),
      async () => {
        expect((await portal.message({ note: 'Appointment moved to Friday' })).statusCode).toBe(200);
      },
      'no-store',
    );
  });

  it('GET /api/v2/checklists/{caseUid}/', async () => {
    const caseUid = collection.cases[0]?.uid ?? '';
    const [item] = await addItems(test, caseUid, [{ name: 'Surface finish inspected' }]);
    await expectEtagCycle(getAs(`/api/v2/checklists/${caseUid}/`), async () => {
      const tick = { item_id: item?.id, done: true, not_required: false };
      expect(
        (
          await test.app.inject({
            method: 'POST',
            url: `/api/v2/checklists/${caseUid}/`,
            headers: staff.headers,
            payload: tick,
          })
        ).statusCode,
      ).toBe(200);
    });
  });

  it('answers errors as before, without an ETag', async () => {
    const response = await getAs('/api/v2/collection/not-a-uid/')();
    expect(response.statusCode).toBe(404);
    expect(response.headers.etag).toBeUndefined();
  });
});
