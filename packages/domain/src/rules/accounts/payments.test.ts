import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../invoicing/invoice-total';
import { accountsMessages } from './accounts-messages';
import { invoiceStateOf, outstandingCents, paymentRefusal, type PayableInvoice } from './payments';

const finalisedInvoice = (overrides: Partial<PayableInvoice> = {}): PayableInvoice => ({
  finalised: true,
  manually_invoiced: false,
  incCents: 13_580,
  paidCents: 0,
  currency: 'AUD',
  ...overrides,
});

/** A finalised invoice with something still owed on it. */
const owingInvoice = fc
  .record({
    incCents: fc.integer({ min: 1, max: 10_000_000 }),
    paidShare: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
    currency: fc.constantFrom('AUD', 'NZD', 'USD'),
  })
  .map(({ incCents, paidShare, currency }) =>
    finalisedInvoice({ incCents, paidCents: Math.floor(incCents * paidShare), currency }),
  );

describe('what is still owed', () => {
  it('is the amount due less what was paid', () => {
    expect(outstandingCents({ incCents: 13_580, paidCents: 0 })).toBe(13_580);
    expect(outstandingCents({ incCents: 13_580, paidCents: 5_000 })).toBe(8_580);
    expect(outstandingCents({ incCents: 13_580, paidCents: 13_580 })).toBe(0);
  });
});

describe('recording a payment', () => {
  it('accepts a part payment and the payment of the whole', () => {
    expect(paymentRefusal(finalisedInvoice(), 1)).toBeNull();
    expect(paymentRefusal(finalisedInvoice(), 5_000)).toBeNull();
    expect(paymentRefusal(finalisedInvoice(), 13_580)).toBeNull();
    expect(paymentRefusal(finalisedInvoice({ paidCents: 5_000 }), 8_580)).toBeNull();
  });

  it('accepts any amount from a cent to what is owed on a finalised invoice', () => {
    fc.assert(
      fc.property(
        owingInvoice.chain((invoice) =>
          fc.tuple(fc.constant(invoice), fc.integer({ min: 1, max: outstandingCents(invoice) })),
        ),
        ([invoice, amount]) => {
          expect(paymentRefusal(invoice, amount)).toBeNull();
        },
      ),
    );
  });

  it('refuses more than is owed, naming what is owed', () => {
    expect(paymentRefusal(finalisedInvoice({ incCents: 2_000, paidCents: 750 }), 1_251)).toBe(
      'The payment is more than the $12.50 still owed on this invoice',
    );
    expect(paymentRefusal(finalisedInvoice({ incCents: 12_345_678, paidCents: 0 }), 12_345_679)).toBe(
      'The payment is more than the $123,456.78 still owed on this invoice',
    );
    expect(paymentRefusal(finalisedInvoice({ paidCents: 13_580 }), 1)).toBe(
      accountsMessages.paymentAboveDue('$0.00'),
    );
  });

  it('refuses any amount above what is owed, with the owed amount in the money format', () => {
    fc.assert(
      fc.property(owingInvoice, fc.integer({ min: 1, max: 10_000_000 }), (invoice, over) => {
        const owed = outstandingCents(invoice);
        expect(paymentRefusal(invoice, owed + over)).toBe(
          accountsMessages.paymentAboveDue(formatMoney(owed, invoice.currency)),
        );
      }),
    );
  });

  it('refuses a payment of nothing or less', () => {
    expect(paymentRefusal(finalisedInvoice(), 0)).toBe(accountsMessages.paymentMustBePositive);
    expect(paymentRefusal(finalisedInvoice(), -100)).toBe(accountsMessages.paymentMustBePositive);
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: -10_000_000, max: 0 }),
        (finalised, manually_invoiced, amount) => {
          expect(paymentRefusal(finalisedInvoice({ finalised, manually_invoiced }), amount)).toBe(
            accountsMessages.paymentMustBePositive,
          );
        },
      ),
    );
  });

  it('refuses payment on an invoice not yet finalised', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 13_580 }), (amount) => {
        expect(paymentRefusal(finalisedInvoice({ finalised: false }), amount)).toBe(
          accountsMessages.paymentNotFinalised,
        );
      }),
    );
  });

  it('refuses payment on an invoice invoiced manually, finalised or not', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.integer({ min: 1, max: 13_580 }), (finalised, amount) => {
        expect(paymentRefusal(finalisedInvoice({ finalised, manually_invoiced: true }), amount)).toBe(
          accountsMessages.paymentManuallyInvoiced,
        );
      }),
    );
  });
});

describe('where an invoice stands', () => {
  it('follows the truth table: manual first, then finalised, then ready or awaiting dispatch', () => {
    const table: [boolean, boolean, boolean, string][] = [
      // finalised, manually_invoiced, ready_to_finalise → state
      [false, false, false, 'awaiting_dispatch'],
      [false, false, true, 'ready'],
      [true, false, false, 'finalised'],
      [true, false, true, 'finalised'],
      [false, true, false, 'manually_invoiced'],
      [false, true, true, 'manually_invoiced'],
      [true, true, false, 'manually_invoiced'],
      [true, true, true, 'manually_invoiced'],
    ];
    for (const [finalised, manually_invoiced, ready_to_finalise, state] of table) {
      expect(invoiceStateOf({ finalised, manually_invoiced, ready_to_finalise })).toBe(state);
    }
  });
});
