import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonMessages, dispatchMessages } from '@lab/domain';
import { couriers, dispatches } from '../../db/schema/index';
import { createTestApp, signInAs, type SignedInUser, type TestApp } from '../../testing';
import {
  badValues,
  expectRefusedUnchanged,
  snapshotWritableRows,
  type RowSnapshot,
} from '../../testing/bad-input-kit';
import { createCollection, type CreatedCollection } from '../../testing/factories';
import { fieldsOf, firstId } from '../cases/cases-test-kit';

// The New Dispatch form's rules at the edge (POST /api/v2/collection/{uid}/dispatches/): every missing
// field is named with the form's text, and a refused body stores nothing.

let test: TestApp;
let staff: SignedInUser;
let collection: CreatedCollection;
let caseUid: string;
let courierId: number;
let before: RowSnapshot;

const address = {
  address_line_1: '1 Queen Street',
  suburb: 'Auckland',
  postcode: '1010',
  country: 'NZ',
};

const validBody = () => ({
  case_uids: [caseUid],
  courier_id: courierId,
  tracking_reference: 'NZP0001',
  shipping_address: address,
});

const post = (payload: unknown, headers: Record<string, string> = staff.headers) =>
  test.app.inject({
    method: 'POST',
    url: `/api/v2/collection/${collection.uid}/dispatches/`,
    headers,
    payload: payload as object,
  });

beforeAll(async () => {
  test = await createTestApp();
  staff = await signInAs(test, { department: 'WAREHOUSE' });
  collection = await createCollection(test.db, {
    country: 'NZ',
    cases: [{ statusName: 'Ready for Dispatch' }],
  });
  caseUid = collection.cases[0]?.uid ?? '';
  courierId = await firstId(
    test.db.select({ id: couriers.id }).from(couriers).where(eq(couriers.name, 'NZ Post')),
    'NZ Post courier',
  );
  before = await snapshotWritableRows(test.db);
});
afterAll(() => test.close());

describe('POST /api/v2/collection/{uid}/dispatches/ refusals', () => {
  it('names every missing field of an empty body', async () => {
    const response = await post({});
    await expectRefusedUnchanged(test, response, { status: 400, message: dispatchMessages.noCases, before });
    expect(fieldsOf(response)).toEqual({
      case_uids: dispatchMessages.noCases,
      courier_id: dispatchMessages.mustBeSelected,
      tracking_reference: dispatchMessages.blank,
      'shipping_address.address_line_1': dispatchMessages.blank,
      'shipping_address.suburb': dispatchMessages.blank,
      'shipping_address.postcode': dispatchMessages.blank,
      'shipping_address.country': dispatchMessages.blank,
    });
  });

  it.each([
    ['no case chosen', { case_uids: [] }, 'case_uids', dispatchMessages.noCases],
    ['no courier', { courier_id: null }, 'courier_id', dispatchMessages.mustBeSelected],
    [
      'a blank tracking reference',
      { tracking_reference: '   ' },
      'tracking_reference',
      dispatchMessages.blank,
    ],
    [
      'a blank street',
      { shipping_address: { ...address, address_line_1: ' ' } },
      'shipping_address.address_line_1',
      dispatchMessages.blank,
    ],
    [
      'no suburb',
      { shipping_address: { ...address, suburb: null } },
      'shipping_address.suburb',
      dispatchMessages.blank,
    ],
    [
      'a blank postcode',
      { shipping_address: { ...address, postcode: '' } },
      'shipping_address.postcode',
      dispatchMessages.blank,
    ],
    [
      'no country',
      { shipping_address: { ...address, country: undefined } },
      'shipping_address.country',
      dispatchMessages.blank,
    ],
  ])('refuses %s', async (_what, change, field, message) => {
    const response = await post({ ...validBody(), ...change });
    await expectRefusedUnchanged(test, response, { status: 400, message, before });
    expect(fieldsOf(response)).toEqual({ [field]: message });
  });

  it('refuses an unknown or inactive courier', async () => {
    const unknown = await post({ ...validBody(), courier_id: 987_654 });
    await expectRefusedUnchanged(test, unknown, {
      status: 400,
      message: dispatchMessages.unknownCourier,
      before,
    });
    expect(fieldsOf(unknown)).toEqual({ courier_id: dispatchMessages.unknownCourier });
    const tooLarge = await post({ ...validBody(), courier_id: badValues.big });
    expect(fieldsOf(tooLarge)).toEqual({ courier_id: dispatchMessages.unknownCourier });

    await test.db.update(couriers).set({ is_active: false }).where(eq(couriers.id, courierId));
    const inactive = await post(validBody());
    await test.db.update(couriers).set({ is_active: true }).where(eq(couriers.id, courierId));
    await expectRefusedUnchanged(test, inactive, {
      status: 400,
      message: dispatchMessages.unknownCourier,
      before,
    });
  });

  it('refuses text the database cannot hold, an over-long reference and a malformed case uid', async () => {
    const nul = await post({ ...validBody(), tracking_reference: badValues.nul });
    await expectRefusedUnchanged(test, nul, {
      status: 400,
      message: commonMessages.unstorableText,
      before,
    });
    const long = await post({ ...validBody(), tracking_reference: badValues.long });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(fieldsOf(long) as object)).toEqual(['tracking_reference']);
    const malformed = await post({ ...validBody(), case_uids: ['not-a-uid'] });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(fieldsOf(malformed) as object)).toEqual(['case_uids.0']);
  });

  it('is for signed-in staff only', async () => {
    const response = await post(validBody(), {});
    expect(response.statusCode).toBe(401);
    expect(await snapshotWritableRows(test.db)).toEqual(before);
  });

  it('stored no dispatch for any refusal, and takes the valid body', async () => {
    expect(await test.db.select().from(dispatches)).toEqual([]);
    const response = await post(validBody());
    expect(response.statusCode).toBe(201);
  });
});
