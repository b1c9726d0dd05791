import { daysBetween } from './aging';

// A client's statement for a period (issue 32): the balance brought forward from before the period, every
// invoice issued and payment received in it in date order with the running balance, and the closing
// balance — always opening + invoices − payments.

export type LedgerEntry = {
  kind: 'invoice' | 'payment';
  /** The invoice date, or the day the payment was received ('YYYY-MM-DD'). */
  date: string;
  /** Positive: the invoice's amount due including tax, or the payment's amount. */
  cents: number;
  reference: string;
};

export type StatementLine = LedgerEntry & { balanceCents: number };

export type Statement = {
  from: string;
  to: string;
  openingCents: number;
  lines: StatementLine[];
  invoicedCents: number;
  paidCents: number;
  closingCents: number;
};

const signed = (entry: LedgerEntry): number => (entry.kind === 'invoice' ? entry.cents : -entry.cents);

// Invoices before payments on a day: a payment made the day its invoice is issued follows it.
const byDate = (a: LedgerEntry, b: LedgerEntry): number =>
  daysBetween(b.date, a.date) || (a.kind === b.kind ? 0 : a.kind === 'invoice' ? -1 : 1);

export const statementOf = (entries: readonly LedgerEntry[], from: string, to: string): Statement => {
  const before = entries.filter((entry) => daysBetween(entry.date, from) > 0);
  const within = entries
    .filter((entry) => daysBetween(from, entry.date) >= 0 && daysBetween(entry.date, to) >= 0)
    .toSorted(byDate);
  const openingCents = before.reduce((sum, entry) => sum + signed(entry), 0);
  let balanceCents = openingCents;
  const lines = within.map((entry) => {
    balanceCents += signed(entry);
    return { ...entry, balanceCents };
  });
  const invoicedCents = within.filter((e) => e.kind === 'invoice').reduce((sum, e) => sum + e.cents, 0);
  const paidCents = within.filter((e) => e.kind === 'payment').reduce((sum, e) => sum + e.cents, 0);
  return {
    from,
    to,
    openingCents,
    lines,
    invoicedCents,
    paidCents,
    closingCents: openingCents + invoicedCents - paidCents,
  };
};
