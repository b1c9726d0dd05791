import { invoiceMessages } from './invoice-messages';

// Finalising and manual invoicing (collection-views §4 'Invoice'): both are irreversible, and finalise
// waits until no case on the invoice is still to be dispatched.

export type InvoiceCaseProgress = { dispatched: boolean; cancelled: boolean };

/** A cancelled case will never be dispatched, so it does not hold the invoice back. */
const awaitsDispatch = (c: InvoiceCaseProgress): boolean => !c.dispatched && !c.cancelled;

/** §4: ready_to_finalise is false while any case awaits dispatch. */
export const isReadyToFinalise = (cases: readonly InvoiceCaseProgress[]): boolean =>
  !cases.some(awaitsDispatch);

type InvoiceClosure = { finalised: boolean; manually_invoiced: boolean };

/** Why the invoice cannot be finalised now, or null when it can. */
export const finaliseRefusal = (
  invoice: InvoiceClosure,
  cases: readonly InvoiceCaseProgress[],
): string | null => {
  if (invoice.finalised) return invoiceMessages.alreadyFinalised;
  if (invoice.manually_invoiced) return invoiceMessages.alreadyManuallyInvoiced;
  return isReadyToFinalise(cases) ? null : invoiceMessages.awaitingDispatch;
};

/** Why the invoice cannot be marked as manually invoiced, or null. Cases need not be dispatched: cash
 * customers are billed by hand (§6), and the spec blocks only finalise on dispatch. */
export const manualInvoiceRefusal = (invoice: InvoiceClosure): string | null => {
  if (invoice.finalised) return invoiceMessages.alreadyFinalised;
  if (invoice.manually_invoiced) return invoiceMessages.alreadyManuallyInvoiced;
  return null;
};
