// What clients owe, aged (issue 32): each issued invoice's outstanding amount falls in one band by how
// many days have passed since its invoice date — current (under 30), 30, 60, 90+ — so the bands always add
// up to the balance. An invoice dated after the day asked about is current.

export const agingBands = ['current', 'days30', 'days60', 'days90'] as const;
export type AgingBand = (typeof agingBands)[number];
export type Aging = Record<AgingBand, number> & { totalCents: number };

const dayMs = 86_400_000;

/** Whole days from one calendar date ('YYYY-MM-DD') to another. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs);

export const agingBandOf = (invoiceDate: string, asOf: string): AgingBand => {
  const days = daysBetween(invoiceDate, asOf);
  if (days >= 90) return 'days90';
  if (days >= 60) return 'days60';
  if (days >= 30) return 'days30';
  return 'current';
};

export type OutstandingInvoice = { invoiceDate: string; outstandingCents: number };

export const ageBalance = (invoices: readonly OutstandingInvoice[], asOf: string): Aging => {
  const aging: Aging = { current: 0, days30: 0, days60: 0, days90: 0, totalCents: 0 };
  for (const invoice of invoices) {
    aging[agingBandOf(invoice.invoiceDate, asOf)] += invoice.outstandingCents;
    aging.totalCents += invoice.outstandingCents;
  }
  return aging;
};

/** How much of the credit limit is left (negative: over it); null when the client has no limit. */
export const creditLeftCents = (limitCents: number | null, balanceCents: number): number | null =>
  limitCents === null ? null : limitCents - balanceCents;
