import { describe, expect, it } from 'vitest';
import * as records from '../../testing/records';
import {
  addressLine,
  dispatchableCases,
  newDispatchDefaults,
  toggleDispatchCase,
  toNewDispatchBody,
} from './new-dispatch-form';
import { aCollection, aDispatch, groupedA, groupedB, polishing, single } from './testing/dispatch-fixture';

describe('the New Dispatch form rules', () => {
  const offered = dispatchableCases(aCollection().cases);

  it('offers the ready cases only, by case key', () => {
    expect(offered.map((c) => c.case_mkey)).toEqual(['120034-01', '120034-02', '120034-03']);
    expect(offered).not.toContain(polishing);
  });

  it('ticks and unticks a case with the ready cases of its group', () => {
    const ticked = toggleDispatchCase([], groupedB, offered);
    expect(ticked).toEqual([groupedA.uid, groupedB.uid]);
    expect(toggleDispatchCase(ticked, single, offered)).toEqual([groupedA.uid, groupedB.uid, single.uid]);
    expect(toggleDispatchCase([groupedA.uid, groupedB.uid, single.uid], groupedA, offered)).toEqual([
      single.uid,
    ]);
  });

  it('leaves a group mate that is not ready out', () => {
    const notReady = { ...groupedB, dispatch_ready: false };
    const withMateInLab = dispatchableCases([groupedA, notReady, single]);
    expect(toggleDispatchCase([], groupedA, withMateInLab)).toEqual([groupedA.uid]);
  });

  it("starts from the shipping client's address, blanks for what it lacks", () => {
    const collection = aCollection({
      shipping_address: {
        address_line_1: '5 Quay Street',
        address_line_2: null,
        suburb: 'Auckland',
        state: null,
        postcode: '1010',
        country: 'NZ',
      },
    });
    expect(newDispatchDefaults(collection).shipping_address).toEqual({
      address_line_1: '5 Quay Street',
      address_line_2: '',
      suburb: 'Auckland',
      state: '',
      postcode: '1010',
      country: 'NZ',
    });
  });

  it('sends trimmed texts and empty optional lines as null', () => {
    const values = {
      ...newDispatchDefaults(records.aCollection()),
      case_uids: [single.uid],
      courier_id: 3,
      tracking_reference: ' ST1 ',
    };
    expect(toNewDispatchBody(values)).toEqual({
      case_uids: [single.uid],
      courier_id: 3,
      tracking_reference: 'ST1',
      shipping_address: {
        address_line_1: '1 Bay Street',
        address_line_2: null,
        suburb: 'Brighton',
        state: 'VIC',
        postcode: '3186',
        country: 'AU',
      },
    });
  });

  it('writes the address on one line', () => {
    expect(addressLine(aDispatch().shipping_address)).toBe('1 Bay Street, Brighton VIC 3186, AU');
  });
});
