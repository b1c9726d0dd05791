import { sql } from 'drizzle-orm';
import { invoiceStateOf, type AccountsInvoices, type AccountsInvoicesQuery } from '@lab/domain';
import { selectRows, type Queryable } from '../../../db/client';
import { invoiceFiguresSql } from '../invoice-figures';
import { invoiceDaySql, invoiceFilterSql, readySql } from './invoice-filters';

// GET /api/v2/accounts/invoices/: every invoice of the lab matching the filters, newest first, a page at a
// time, with its figures (ex, tax, amount due, paid, outstanding) and the filtered set's totals per currency.

export const accountsPageSize = 50;

type FigureColumns = { ex: string; tax: string; inc: string; paid: string; outstanding: string };
type InvoiceRow = FigureColumns & {
  invoice_number: number;
  collection_uid: string;
  case_number: number;
  patient_name: string;
  client_id: number;
  client_name: string;
  is_cash_customer: boolean;
  branch: string | null;
  platform: 'OEP' | 'NEXUS';
  currency: string;
  finalised: boolean;
  manually_invoiced: boolean;
  ready: boolean;
  invoice_date: string | null;
  raised_on: string;
};
type TotalsRow = FigureColumns & { currency: string; count: number };

const money = (column: string) => sql.raw(`${column}::numeric(12,2)::text`);
// An invoice invoiced manually is owed wherever it was billed: nothing here.
const owed = 'CASE WHEN i.manually_invoiced_at IS NULL THEN f.inc - f.paid ELSE 0 END';

export const listAccountsInvoices = async (
  q: Queryable,
  query: AccountsInvoicesQuery,
): Promise<AccountsInvoices> => {
  const where = invoiceFilterSql(query);
  // The page's invoices first (newest first, by the invoice number's index), then their figures alone.
  const pageIds = sql`SELECT i.id FROM invoices i
    JOIN collections col ON col.uid = i.collection_uid
    LEFT JOIN branches b ON b.id = col.fulfillment_branch_id
    JOIN clients bill ON bill.id = coalesce(i.billing_client_id, i.shipping_client_id)
    WHERE ${where}
    ORDER BY i.invoice_number DESC
    LIMIT ${accountsPageSize} OFFSET ${(query.page - 1) * accountsPageSize}`;
  const rows = await selectRows<InvoiceRow>(
    q,
    sql`SELECT i.invoice_number, col.uid AS collection_uid, col.collection_id AS case_number,
               col.patient_reference AS patient_name, bill.client_id, bill.name AS client_name,
               bill.is_cash_customer, b.name AS branch, i.invoice_platform AS platform, f.currency,
               i.finalised, i.manually_invoiced_at IS NOT NULL AS manually_invoiced, ${readySql} AS ready,
               i.invoice_date::text AS invoice_date, ${invoiceDaySql}::text AS raised_on,
               ${money('f.ex')} AS ex, ${money('f.tax')} AS tax, ${money('f.inc')} AS inc,
               ${money('f.paid')} AS paid, ${money(`(${owed})`)} AS outstanding
        FROM (${invoiceFiguresSql(sql`i.id IN (${pageIds})`)}) f
        JOIN invoices i ON i.id = f.invoice_id
        JOIN collections col ON col.uid = i.collection_uid
        LEFT JOIN branches b ON b.id = col.fulfillment_branch_id
        JOIN clients bill ON bill.id = f.bill_to_id
        ORDER BY i.invoice_number DESC`,
  );
  const totals = await selectRows<TotalsRow>(
    q,
    sql`SELECT f.currency, count(*)::int AS count, ${money('sum(f.ex)')} AS ex, ${money('sum(f.tax)')} AS tax,
               ${money('sum(f.inc)')} AS inc, ${money('sum(f.paid)')} AS paid,
               ${money(`sum(${owed})`)} AS outstanding
        FROM (${invoiceFiguresSql(where)}) f
        JOIN invoices i ON i.id = f.invoice_id
        GROUP BY f.currency ORDER BY f.currency`,
  );
  return {
    invoices: rows.map((row) => ({
      invoice_number: Number(row.invoice_number),
      collection_uid: row.collection_uid,
      case_number: Number(row.case_number),
      patient_name: row.patient_name,
      bill_to: {
        client_id: Number(row.client_id),
        name: row.client_name,
        is_cash_customer: row.is_cash_customer,
      },
      branch: row.branch,
      platform: row.platform,
      currency: row.currency,
      state: invoiceStateOf({
        finalised: row.finalised,
        manually_invoiced: row.manually_invoiced,
        ready_to_finalise: row.ready,
      }),
      invoice_date: row.invoice_date,
      raised_on: row.raised_on,
      ex: row.ex,
      tax: row.tax,
      inc: row.inc,
      paid: row.paid,
      outstanding: row.outstanding,
    })),
    page: query.page,
    page_size: accountsPageSize,
    totals: totals.map((row) => ({ ...row, count: Number(row.count) })),
  };
};
