import {
  allocateTaxCents,
  centsToMoneyText,
  parseMoneyCents,
  type AccountingExportFormat,
  type Invoice,
  type InvoiceLine,
  type ShippingAddress,
} from '@lab/domain';
import {
  paymentTermDays,
  paymentTermsName,
  quickBooksItems,
  quickBooksTaxCodeFor,
  salesAccountCode,
  xeroTaxTypeFor,
} from './accounting-codes';
import { countryShown, dentateShown, quantityShown } from './document-text';

// The two accounting imports, one row per invoice line plus one for freight, in the column layout of
// each system's own import template: Xero's sales invoice import and QuickBooks Online's invoice import.
// Both systems group rows into invoices by the invoice number. Dates are DD/MM/YYYY, as both read them
// in an Australian or New Zealand company; amounts are plain decimals ('1234.50'), without $, ex tax, each
// row with its share of the invoice's tax so the import's tax equals the invoice's.

export type ExportInvoice = { invoice: Invoice; billToAddress: ShippingAddress };

/** One row of an import: a line of the invoice, or its freight. */
type Posting = {
  description: string;
  quantity: string;
  unitAmount: string;
  amount: string;
  isFreight: boolean;
  /** The row's share of the invoice's tax (allocateTaxCents): the rows add up to the invoice's tax. */
  taxAmount: string;
};

type LayoutColumn = readonly [header: string, valueOf: (entry: ExportInvoice, posting: Posting) => string];

/** '200001-01 Upper - Bridge': the case key and dentate tell the client which work the line bills. */
const descriptionOf = (line: InvoiceLine): string => {
  const context = [line.case_mkey, dentateShown(line.dentate)].filter(Boolean).join(' ');
  return context ? `${context} - ${line.description}` : line.description;
};

/**
 * The lines in the read's order (largest amount first), then freight when there is any. A line without a
 * quantity or unit price counts nothing in the total (§5) and neither import takes one, so it is left out;
 * the rows still add up to the invoice's total.
 */
const postingsOf = (invoice: Invoice): Posting[] => {
  const lines: Posting[] = invoice.lines.flatMap((line) =>
    line.total_qty === null || line.unit_price === null
      ? []
      : [
          {
            description: descriptionOf(line),
            quantity: quantityShown(line.total_qty),
            unitAmount: line.unit_price,
            amount: line.total_amount,
            isFreight: false,
            taxAmount: '0.00',
          },
        ],
  );
  const hasFreight = parseMoneyCents(invoice.freight) !== 0;
  const freight: Posting[] = hasFreight
    ? [
        {
          description: 'Freight',
          quantity: '1',
          unitAmount: invoice.freight,
          amount: invoice.freight,
          isFreight: true,
          taxAmount: '0.00',
        },
      ]
    : [];
  const postings = [...lines, ...freight];
  const taxes = allocateTaxCents(
    postings.map((posting) => parseMoneyCents(posting.amount) ?? 0),
    parseMoneyCents(invoice.tax) ?? 0,
  );
  return postings.map((posting, index) => ({ ...posting, taxAmount: centsToMoneyText(taxes[index] ?? 0) }));
};

/** '2026-03-05' → '05/03/2026'. */
const dayMonthYear = (isoDate: string): string => {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
};

const dayMs = 86_400_000;

/** Decision (accounting-codes): due `paymentTermDays` after the invoice date. */
export const dueDateOf = (invoiceDate: string): string =>
  new Date(Date.parse(`${invoiceDate}T00:00:00Z`) + paymentTermDays * dayMs).toISOString().slice(0, 10);

// Exported invoices are finalised, so they have a date; the export's query guarantees it.
const invoiceDateOf = (invoice: Invoice): string => {
  if (invoice.invoice_date === null)
    throw new Error(`exported invoice ${invoice.invoice_number} has no date`);
  return invoice.invoice_date;
};

/** 'Case 10001 / PO PO-77': what the client's own records know the invoice by. */
const referenceOf = (invoice: Invoice): string =>
  [`Case ${invoice.case_number}`, invoice.purchase_order_number && `PO ${invoice.purchase_order_number}`]
    .filter(Boolean)
    .join(' / ');

const blank = (): string => '';

const xeroColumns: readonly LayoutColumn[] = [
  ['*ContactName', ({ invoice }) => invoice.billing_client_name],
  ['EmailAddress', ({ invoice }) => invoice.billing_invoice_email ?? ''],
  ['POAddressLine1', ({ billToAddress }) => billToAddress.address_line_1 ?? ''],
  ['POAddressLine2', ({ billToAddress }) => billToAddress.address_line_2 ?? ''],
  ['POAddressLine3', blank],
  ['POAddressLine4', blank],
  ['POCity', ({ billToAddress }) => billToAddress.suburb ?? ''],
  ['PORegion', ({ billToAddress }) => billToAddress.state ?? ''],
  ['POPostalCode', ({ billToAddress }) => billToAddress.postcode ?? ''],
  ['POCountry', ({ billToAddress }) => (billToAddress.country ? countryShown(billToAddress.country) : '')],
  ['*InvoiceNumber', ({ invoice }) => String(invoice.invoice_number)],
  ['Reference', ({ invoice }) => referenceOf(invoice)],
  ['*InvoiceDate', ({ invoice }) => dayMonthYear(invoiceDateOf(invoice))],
  ['*DueDate', ({ invoice }) => dayMonthYear(dueDateOf(invoiceDateOf(invoice)))],
  // Xero works the total out from the lines.
  ['Total', blank],
  ['InventoryItemCode', blank],
  ['*Description', (_, posting) => posting.description],
  ['*Quantity', (_, posting) => posting.quantity],
  ['*UnitAmount', (_, posting) => posting.unitAmount],
  ['Discount', blank],
  ['*AccountCode', () => salesAccountCode],
  ['*TaxType', ({ invoice }) => xeroTaxTypeFor(invoice)],
  ['TaxAmount', (_, posting) => posting.taxAmount],
  ['TrackingName1', blank],
  ['TrackingOption1', blank],
  ['TrackingName2', blank],
  ['TrackingOption2', blank],
  ['Currency', ({ invoice }) => invoice.currency],
  ['BrandingTheme', blank],
];

const quickBooksColumns: readonly LayoutColumn[] = [
  ['InvoiceNo', ({ invoice }) => String(invoice.invoice_number)],
  ['Customer', ({ invoice }) => invoice.billing_client_name],
  ['InvoiceDate', ({ invoice }) => dayMonthYear(invoiceDateOf(invoice))],
  ['DueDate', ({ invoice }) => dayMonthYear(dueDateOf(invoiceDateOf(invoice)))],
  ['Terms', () => paymentTermsName],
  ['Location', blank],
  ['Memo', ({ invoice }) => referenceOf(invoice)],
  [
    'Item(Product/Service)',
    (_, posting) => (posting.isFreight ? quickBooksItems.freight : quickBooksItems.line),
  ],
  ['ItemDescription', (_, posting) => posting.description],
  ['ItemQuantity', (_, posting) => posting.quantity],
  ['ItemRate', (_, posting) => posting.unitAmount],
  ['*ItemAmount', (_, posting) => posting.amount],
  ['*ItemTaxCode', ({ invoice }) => quickBooksTaxCodeFor(invoice)],
  ['ItemTaxAmount', (_, posting) => posting.taxAmount],
  ['Currency', ({ invoice }) => invoice.currency],
];

export const accountingLayouts: Record<AccountingExportFormat, readonly LayoutColumn[]> = {
  xero: xeroColumns,
  quickbooks: quickBooksColumns,
};

/** The header row, then a row per posting of each invoice, in the order given. */
export const accountingRows = (
  format: AccountingExportFormat,
  entries: readonly ExportInvoice[],
): string[][] => {
  const columns = accountingLayouts[format];
  return [
    columns.map(([header]) => header),
    ...entries.flatMap((entry) =>
      postingsOf(entry.invoice).map((posting) => columns.map(([, valueOf]) => valueOf(entry, posting))),
    ),
  ];
};
