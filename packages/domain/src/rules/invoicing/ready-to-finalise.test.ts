import { describe, expect, it } from 'vitest';
import { finaliseFailureText, invoiceMessages } from './invoice-messages';
import { finaliseRefusal, isReadyToFinalise, manualInvoiceRefusal } from './ready-to-finalise';

// Expectations from collection-views §4 'Invoice' ("Finalise is irreversible and blocked while
// ready_to_finalise is false (cases awaiting dispatch). Manual invoicing is also irreversible.") and §8.

const dispatched = { dispatched: true, cancelled: false };
const waiting = { dispatched: false, cancelled: false };
const cancelled = { dispatched: false, cancelled: true };
const open = { finalised: false, manually_invoiced: false };

describe('isReadyToFinalise', () => {
  it('is ready once every case is dispatched or cancelled', () => {
    expect(isReadyToFinalise([dispatched, cancelled])).toBe(true);
    expect(isReadyToFinalise([])).toBe(true);
  });

  it('is not ready while any case awaits dispatch', () => {
    expect(isReadyToFinalise([dispatched, waiting])).toBe(false);
  });
});

describe('finaliseRefusal', () => {
  it('allows an open invoice whose cases are all out', () => {
    expect(finaliseRefusal(open, [dispatched])).toBeNull();
  });

  it('refuses while cases await dispatch, and a second time (irreversible)', () => {
    expect(finaliseRefusal(open, [waiting])).toBe(invoiceMessages.awaitingDispatch);
    expect(finaliseRefusal({ ...open, finalised: true }, [dispatched])).toBe(
      invoiceMessages.alreadyFinalised,
    );
    expect(finaliseRefusal({ ...open, manually_invoiced: true }, [dispatched])).toBe(
      invoiceMessages.alreadyManuallyInvoiced,
    );
  });
});

describe('manualInvoiceRefusal', () => {
  it('allows an open invoice even with cases still to dispatch', () => {
    expect(manualInvoiceRefusal(open)).toBeNull();
  });

  it('refuses once the invoice is closed either way', () => {
    expect(manualInvoiceRefusal({ ...open, finalised: true })).toBe(invoiceMessages.alreadyFinalised);
    expect(manualInvoiceRefusal({ ...open, manually_invoiced: true })).toBe(
      invoiceMessages.alreadyManuallyInvoiced,
    );
  });
});

describe('invoice texts', () => {
  it('keeps the spec texts verbatim', () => {
    expect(invoiceMessages.finaliseFailed).toBe('Invoice could not be finalised, please try again');
    expect(invoiceMessages.splitFailed).toBe('Invoice could not be updated, please try again.');
    expect(invoiceMessages.purchaseOrderFailed).toBe('Invoice PO# could not be updated, please try again.');
    expect(invoiceMessages.finaliseConfirm).toBe(
      'Are you sure you want to finalise this invoice? THIS CANNOT BE REVERSED',
    );
    expect(invoiceMessages.manualInvoiceConfirm).toBe(
      'This process will need to be invoiced manually. THIS CANNOT BE REVERSED. Do you want to continue?',
    );
  });

  // §8: "alert with the server's message (if any) followed by 'Invoice could not be finalised, ...'".
  it("puts the server's message before the failure text, when there is one", () => {
    expect(finaliseFailureText('Xero is down.')).toBe(
      'Xero is down. Invoice could not be finalised, please try again',
    );
    expect(finaliseFailureText(null)).toBe(invoiceMessages.finaliseFailed);
    expect(finaliseFailureText('  ')).toBe(invoiceMessages.finaliseFailed);
  });
});
