// What the accounting systems need that the lab's data does not hold. Ours, to confirm with the lab's
// accountant: the spec names no chart of accounts, tax codes or payment terms.

/** Decision: an invoice is due 30 days after its invoice date (the usual terms for a lab's accounts). */
export const paymentTermDays = 30;
export const paymentTermsName = 'Net 30';

/** Xero's default chart: 200 is Sales. Freight charged to clients is sales income too. */
export const salesAccountCode = '200';

/** QuickBooks products/services the rows name (QuickBooks creates ones it does not know). */
export const quickBooksItems = { line: 'Sales', freight: 'Freight' } as const;

// The tax code of an invoice's rows: the home country's GST for an invoice that carries GST (AUD and NZD,
// each country's file going to that country's books); an invoice without tax (accounts/tax.ts: an export)
// is GST free.
const xeroTaxTypes: Record<string, string> = { AUD: 'GST on Income', NZD: '15% GST on Income' };
const quickBooksTaxCodes: Record<string, string> = { AUD: 'GST', NZD: 'GST' };

export const xeroTaxTypeFor = (invoice: { currency: string; tax_name: string | null }): string =>
  (invoice.tax_name ? xeroTaxTypes[invoice.currency] : undefined) ?? 'GST Free Income';
export const quickBooksTaxCodeFor = (invoice: { currency: string; tax_name: string | null }): string =>
  (invoice.tax_name ? quickBooksTaxCodes[invoice.currency] : undefined) ?? 'FRE';
