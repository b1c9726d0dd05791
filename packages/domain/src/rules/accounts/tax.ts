import { invoiceTotalCents, percentOfCents, type InvoiceLineAmounts } from '../invoicing/invoice-total';

// Tax on the lab's invoices (issue 32), the one table of rates with the law each comes from. Prices,
// lines and freight are ex-tax; the tax is worked out once on the invoice's total (not per line) by the
// money rule (percentOfCents: half away from zero on cents), so ex + tax = inc on every invoice, the
// Billing view, the PDF and the accounting export alike.

export type TaxRate = {
  /** What the tax is called on the invoice. */
  name: string;
  percent: number;
  /** Where the rate comes from, so whoever checks a bill can look it up. */
  source: string;
};

/** The rates by the issuing branch's country (ISO 3166-1 alpha-2). */
export const taxRates: Readonly<Record<string, TaxRate>> = {
  AU: {
    name: 'GST',
    percent: 10,
    source: 'A New Tax System (Goods and Services Tax) Act 1999 (Cth), s 9-70',
  },
  NZ: { name: 'GST', percent: 15, source: 'Goods and Services Tax Act 1985 (NZ), s 8(1)' },
};

/**
 * The tax an invoice carries: the issuing branch's country's rate when the bill-to client is in that
 * country too. A client abroad buys an export, which both countries' GST rates at zero (AU: GST Act
 * s 38-185; NZ: s 11), and a branch in a country without a rate here charges none.
 */
export const taxRateFor = (branchCountry: string | null, clientCountry: string | null): TaxRate | null => {
  if (!branchCountry || !clientCountry || branchCountry !== clientCountry) return null;
  return taxRates[branchCountry] ?? null;
};

export type InvoiceAmounts = {
  /** Lines plus freight, ex-tax: the invoice's Total (collection-views §5). */
  exCents: number;
  taxCents: number;
  /** What the client pays: ex + tax. */
  incCents: number;
};

/** An invoice's total, its tax and the amount due including it. */
export const invoiceAmounts = (
  invoice: { lines: readonly InvoiceLineAmounts[]; freight_cents: number },
  rate: TaxRate | null,
): InvoiceAmounts => {
  const exCents = invoiceTotalCents(invoice);
  return amountsOfTotal(exCents, rate);
};

/** The tax and the amount due of an ex-tax total. */
export const amountsOfTotal = (exCents: number, rate: TaxRate | null): InvoiceAmounts => {
  const taxCents = rate ? percentOfCents(exCents, rate.percent) : 0;
  return { exCents, taxCents, incCents: exCents + taxCents };
};

/**
 * The invoice's tax spread over its rows (lines and freight) for an accounting import that takes a tax
 * amount per row: each row its share by amount, rounded down, the cents left over going to the rows
 * with the largest remainders (the first of equal ones) — so the rows always add up to the invoice's tax.
 */
export const allocateTaxCents = (rowCents: readonly number[], taxCents: number): number[] => {
  const total = rowCents.reduce((sum, cents) => sum + cents, 0);
  if (total === 0 || taxCents === 0) return rowCents.map(() => 0);
  const exact = rowCents.map((cents) => (cents * taxCents) / total);
  const shares = exact.map(Math.floor);
  let left = taxCents - shares.reduce((sum, cents) => sum + cents, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .toSorted((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
};
