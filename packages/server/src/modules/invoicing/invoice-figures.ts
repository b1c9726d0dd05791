import { sql, type SQL } from 'drizzle-orm';
import { taxRates } from '@lab/domain';

// Every invoice's figures in SQL, for the Accounts page's lists, totals and balances over many invoices
// at once: ex-tax (lines at quantity × unit price, plus freight), tax, amount due, paid. The same rules as
// the domain (invoice-total.ts, accounts/tax.ts), the rates read from its one table: numeric round() to
// cents rounds half away from zero, as the domain's money rule does. The Accounts integration tests
// check these figures against the domain's on the invoices they make.

const rateRows = sql.join(
  Object.entries(taxRates).map(([country, rate]) => sql`(${country}::text, ${rate.percent}::numeric)`),
  sql`, `,
);

/**
 * One row per invoice matching `where` (over `i`, the invoice; `col`, its collection; `b`, the issuing
 * branch; `bill`, the bill-to client): invoice_id, currency, bill_to_id, ex, tax, inc, paid (numeric);
 * `paidBy` counts only the payments received by that day.
 */
export const invoiceFiguresSql = (where: SQL = sql`TRUE`, options: { paidBy?: string } = {}): SQL => sql`
  SELECT i.id AS invoice_id, i.currency, bill.id AS bill_to_id, e.ex, t.tax, e.ex + t.tax AS inc, pd.paid
  FROM invoices i
  JOIN collections col ON col.uid = i.collection_uid
  LEFT JOIN branches b ON b.id = col.fulfillment_branch_id
  JOIN clients bill ON bill.id = coalesce(i.billing_client_id, i.shipping_client_id)
  CROSS JOIN LATERAL (
    SELECT coalesce(sum(round(l.total_qty * l.unit_price, 2)), 0) + i.freight AS ex
    FROM invoice_lines l WHERE l.invoice_id = i.id
  ) e
  CROSS JOIN LATERAL (
    SELECT round(e.ex * coalesce((
      SELECT r.percent FROM (VALUES ${rateRows}) r(country, percent)
      WHERE r.country = b.country AND r.country = bill.country
    ), 0) / 100, 2) AS tax
  ) t
  CROSS JOIN LATERAL (
    SELECT coalesce(sum(p.amount), 0) AS paid FROM invoice_payments p WHERE p.invoice_id = i.id
      ${options.paidBy ? sql`AND p.paid_on <= ${options.paidBy}::date` : sql``}
  ) pd
  WHERE ${where}`;

/**
 * What a client owes: the amount due still unpaid on every finalised invoice billed to it (an invoice
 * invoiced manually is owed wherever it was billed). A scalar subquery for the client id `clientId`.
 */
export const clientBalanceSql = (clientId: SQL): SQL => sql`(
  SELECT coalesce(sum(f.inc - f.paid), 0)::numeric(12,2)::text FROM (${invoiceFiguresSql(
    sql`i.finalised AND coalesce(i.billing_client_id, i.shipping_client_id) = ${clientId}`,
  )}) f)`;
