import { describe, expect, it } from 'vitest';
import { portalTexts } from '@lab/domain';
import { estimatedDispatchOf, implantGroupsOf, portalDentateCards } from './portal-overview';
import { aPortalCase } from './testing/portal-fixture';

describe('portalDentateCards', () => {
  it('puts cases under their jaw by the dentate-grouping rules, in screen order', () => {
    const cards = portalDentateCards([
      aPortalCase({ uid: 'a', dentate: 'LOWER', implants: [] }),
      aPortalCase({ uid: 'b', dentate: null, implants: [{ tooth: 12, platform: null }] }),
      // UPPER with a lower implant spans both jaws.
      aPortalCase({ uid: 'c', dentate: 'UPPER', implants: [{ tooth: 44, platform: null }] }),
      aPortalCase({ uid: 'd', dentate: null, implants: [] }),
    ]);
    expect(cards.map((card) => [card.title, card.arch, card.cases.map((item) => item.uid)])).toEqual([
      ['Upper', 'upper', ['b']],
      ['Lower', 'lower', ['a']],
      ['Upper & Lower', 'both', ['c']],
      ['Other Items', 'both', ['d']],
    ]);
  });

  it('lists open work before dispatched, and cancelled last', () => {
    const [card] = portalDentateCards([
      aPortalCase({ uid: 'cancelled', cancelled: true }),
      aPortalCase({ uid: 'dispatched', dispatched: true }),
      aPortalCase({ uid: 'open' }),
    ]);
    expect(card?.cases.map((item) => item.uid)).toEqual(['open', 'dispatched', 'cancelled']);
  });
});

describe('estimatedDispatchOf', () => {
  it('is customer_due, the final-approval rule for a Final Prosthesis, or the dispatch itself', () => {
    expect(estimatedDispatchOf(aPortalCase({ customer_due: '2030-01-01T00:00:00.000Z' }))).toEqual({
      kind: 'due',
      at: '2030-01-01T00:00:00.000Z',
    });
    expect(estimatedDispatchOf(aPortalCase({ product_class: ' final prosthesis ' })).kind).toBe(
      'finalProsthesis',
    );
    expect(portalTexts.finalProsthesisDispatch).toBe('3 Weeks After Final Approval');
    expect(
      estimatedDispatchOf(
        aPortalCase({
          dispatched: true,
          date_dispatched: '2030-01-02T00:00:00.000Z',
          tracking_number: 'TRK1',
        }),
      ),
    ).toEqual({ kind: 'dispatched', at: '2030-01-02T00:00:00.000Z', trackingNumber: 'TRK1' });
    expect(estimatedDispatchOf(aPortalCase({ cancelled: true })).kind).toBe('hidden');
    expect(estimatedDispatchOf(aPortalCase({ customer_due: null })).kind).toBe('unknown');
  });
});

describe('estimatedDispatchOf, once the final approval is in or while the lab waits on the client', () => {
  const hold = {
    answer_by: '2030-01-01T03:00:00.000Z',
    dispatch_if_answered_by: '2030-01-08T01:00:00.000Z',
    dispatch_if_answered_today: '2030-01-06T23:00:00.000Z',
  };

  it('gives a Final Prosthesis its date once its final approval is in (a Ready for Dispatch case)', () => {
    const item = aPortalCase({
      product_class: 'Final Prosthesis',
      awaiting_final_approval: false,
      customer_due: '2030-02-01T06:00:00.000Z',
    });
    expect(estimatedDispatchOf(item)).toEqual({ kind: 'due', at: '2030-02-01T06:00:00.000Z' });
    expect(estimatedDispatchOf({ ...item, awaiting_final_approval: true }).kind).toBe('finalProsthesis');
  });

  it('tells the client the date their answer keeps, or, once the answer is late, the date of answering today', () => {
    const item = aPortalCase({ product_class: 'Final Prosthesis', client_hold: hold });
    expect(estimatedDispatchOf(item, new Date('2029-12-31T00:00:00Z'))).toEqual({
      kind: 'waitingOnClient',
      answerBy: hold.answer_by,
      ifAnsweredBy: hold.dispatch_if_answered_by,
      ifAnsweredToday: hold.dispatch_if_answered_today,
      isLate: false,
    });
    expect(estimatedDispatchOf(item, new Date('2030-01-02T00:00:00Z'))).toMatchObject({ isLate: true });
  });
});

describe('implantGroupsOf', () => {
  it('lists each platform once with its teeth, pontics together', () => {
    const item = aPortalCase({
      implants: [
        { tooth: 24, platform: 'BLT RC' },
        { tooth: 12, platform: 'BLT RC' },
        { tooth: 21, platform: null },
        { tooth: 11, platform: null },
        { tooth: 16, platform: 'NobelActive RP' },
      ],
    });
    expect(implantGroupsOf(item)).toEqual([
      { platform: 'Pontic', teeth: [11, 21] },
      { platform: 'BLT RC', teeth: [12, 24] },
      { platform: 'NobelActive RP', teeth: [16] },
    ]);
  });
});
