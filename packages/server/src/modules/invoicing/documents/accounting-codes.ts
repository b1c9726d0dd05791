// What the accounting systems need that the lab's data does not hold. Ours, to confirm with the lab's
// accountant: the spec names no chart of accounts, tax codes or payment terms.

/** Decision: an invoice is due 30 days after its invoice date (the usual terms for a lab's accounts). */
export const paymentTermDays = 30;
export const paymentTermsName = 'Net 30';

/** Xero's default chart: 200 is Sales. Freight charged to clients is sales income too. */
export const salesAccountCode = '200';

/** QuickBooks products/services the rows name (QuickBooks creates ones it does not know). */
export const quickBooksItems = { line: 'Sales', freight: 'Freight' } as const;

// The tax each currency is billed under: the home country's GST for AUD and NZD (each country's file
// goes to that country's books); any other currency is an export sale, free of GST.
const xeroTaxTypes: Record<string, string> = { AUD: 'GST on Income', NZD: '15% GST on Income' };
const quickBooksTaxCodes: Record<string, string> = { AUD: 'GST', NZD: 'GST' };

export const xeroTaxTypeFor = (currency: string): string => xeroTaxTypes[currency] ?? 'GST Free Income';
export const quickBooksTaxCodeFor = (currency: string): string => quickBooksTaxCodes[currency] ?? 'FRE';
