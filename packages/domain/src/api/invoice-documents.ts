import { z } from 'zod';
import { maxDatabaseInteger } from './common';

// The invoice documents: GET /api/v2/invoices/{invoice_number}/pdf/ (the invoice as a PDF) and
// GET /api/v2/invoices/export/ (finalised invoices as an accounting system's CSV import). Ours: the spec
// names neither, so every text here is ours.

export const invoiceDocumentMessages = {
  invoiceNotFound: 'Invoice not found',
  exportAdminOnly: 'Only administrators can export invoices',
  formatInvalid: 'format must be xero or quickbooks',
  fromInvalid: 'from must be a date as YYYY-MM-DD',
  toInvalid: 'to must be a date as YYYY-MM-DD',
  toBeforeFrom: 'to must not be before from',
  rangeTooLong: 'from and to must be at most 366 days apart',
} as const;

/** The accounting systems the export writes for, each with its own column layout. */
export const accountingExportFormats = ['xero', 'quickbooks'] as const;
export type AccountingExportFormat = (typeof accountingExportFormats)[number];

/** Counting both ends: a whole leap year fits, a year and a day does not. */
export const maxExportRangeDays = 366;

const dayMs = 86_400_000;

/** Days from `from` to `to` counting both (2026-01-01 → 2026-01-01 is 1); dates as YYYY-MM-DD. */
export const exportRangeDays = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs) + 1;

const isoDate = z.iso.date();
const exportDate = (message: string) => z.iso.date({ message });

/** ?format=xero|quickbooks&from=YYYY-MM-DD&to=YYYY-MM-DD: invoice dates from and to, both included. */
export const accountingExportQuerySchema = z
  .object({
    format: z.enum(accountingExportFormats, { message: invoiceDocumentMessages.formatInvalid }),
    from: exportDate(invoiceDocumentMessages.fromInvalid),
    to: exportDate(invoiceDocumentMessages.toInvalid),
  })
  .superRefine((query, ctx) => {
    // A date that is not one already has its message.
    if (!isoDate.safeParse(query.from).success || !isoDate.safeParse(query.to).success) return;
    const days = exportRangeDays(query.from, query.to);
    if (days < 1)
      ctx.addIssue({ code: 'custom', path: ['to'], message: invoiceDocumentMessages.toBeforeFrom });
    else if (days > maxExportRangeDays)
      ctx.addIssue({ code: 'custom', path: ['to'], message: invoiceDocumentMessages.rangeTooLong });
  });
export type AccountingExportQuery = z.infer<typeof accountingExportQuerySchema>;

/** Invoice numbers are positive database integers; anything else names no invoice (null, then 404). */
const parseInvoiceNumber = (raw: string): number | null => {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const value = Number(raw);
  return value >= 1 && value <= maxDatabaseInteger ? value : null;
};

/** The export's address for a query (what the Billing view's card and the Accounts page link to). */
export const accountingExportPath = (query: { format: string; from: string; to: string }): string =>
  `/api/v2/invoices/export/?format=${encodeURIComponent(query.format)}&from=${encodeURIComponent(query.from)}&to=${encodeURIComponent(query.to)}`;

export const invoiceNumberParams = z.object({ invoice_number: z.string().transform(parseInvoiceNumber) });
