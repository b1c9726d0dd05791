import { formatMoney } from '../invoicing/invoice-total';
import { accountsMessages } from './accounts-messages';

// Payments against issued invoices (issue 32): part payments allowed, never more than is still owed, and
// only on a finalised invoice (one invoiced manually is paid wherever it was billed).

export type PayableInvoice = {
  finalised: boolean;
  manually_invoiced: boolean;
  incCents: number;
  paidCents: number;
  currency: string;
};

export const outstandingCents = (invoice: Pick<PayableInvoice, 'incCents' | 'paidCents'>): number =>
  invoice.incCents - invoice.paidCents;

/** Why this payment cannot be recorded, or null. */
export const paymentRefusal = (invoice: PayableInvoice, amountCents: number): string | null => {
  if (amountCents <= 0) return accountsMessages.paymentMustBePositive;
  if (invoice.manually_invoiced) return accountsMessages.paymentManuallyInvoiced;
  if (!invoice.finalised) return accountsMessages.paymentNotFinalised;
  const owed = outstandingCents(invoice);
  return amountCents > owed ? accountsMessages.paymentAboveDue(formatMoney(owed, invoice.currency)) : null;
};

/** Where an invoice stands, as the Accounts page filters it. */
export const invoiceStates = ['awaiting_dispatch', 'ready', 'finalised', 'manually_invoiced'] as const;
export type InvoiceState = (typeof invoiceStates)[number];

export const invoiceStateOf = (invoice: {
  finalised: boolean;
  manually_invoiced: boolean;
  ready_to_finalise: boolean;
}): InvoiceState => {
  if (invoice.manually_invoiced) return 'manually_invoiced';
  if (invoice.finalised) return 'finalised';
  return invoice.ready_to_finalise ? 'ready' : 'awaiting_dispatch';
};
