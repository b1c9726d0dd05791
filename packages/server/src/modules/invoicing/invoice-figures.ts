import { sql, type SQL } from 'drizzle-orm';
import { taxRates } from '@lab/domain';
import type { Queryable } from '../../db/client';

// Every invoice's figures in SQL, for the Accounts page's lists, totals and balances over many invoices
// at once: ex-tax (lines at quantity × unit price, plus freight), tax, amount due, paid. The same rules as
// the domain (invoice-total.ts, accounts/tax.ts), the rates read from its one table: numeric round() to
// cents rounds half away from zero, as the domain's money rule does. An issued invoice's figures are
// kept on it when it is issued (storeIssuedFigures); every invoice's lines plus freight are kept as it
// changes (storeAmountEx, from recordInvoiceChange); an open invoice's tax is worked out from that, as
// its branch and client stand. Tests check the kept figures equal the lines' own.

const rateRows = sql.join(
  Object.entries(taxRates).map(([country, rate]) => sql`(${country}::text, ${rate.percent}::numeric)`),
  sql`, `,
);

const liveEx = sql`(SELECT coalesce(sum(round(l.total_qty * l.unit_price, 2)), 0)
  FROM invoice_lines l WHERE l.invoice_id = i.id) + i.freight`;
const ratePercent = sql`coalesce((SELECT r.percent FROM (VALUES ${rateRows}) r(country, percent)
  WHERE r.country = b.country AND r.country = bill.country), 0)`;

type FigureOptions = {
  /** Count only the payments received by that day (a balance on an earlier day). */
  paidBy?: string;
  /** Work the figures out from the lines even where the issued ones are kept (to keep them). */
  isLive?: boolean;
};

/**
 * One row per invoice matching `where` (over `i`, the invoice; `col`, its collection; `b`, the issuing
 * branch; `bill`, the bill-to client): invoice_id, currency, bill_to_id, ex, tax, inc, paid (numeric).
 */
export const invoiceFiguresSql = (where: SQL = sql`TRUE`, options: FigureOptions = {}): SQL => {
  const ex = options.isLive
    ? liveEx
    : sql`CASE WHEN i.issued_ex IS NOT NULL THEN i.issued_ex ELSE ${liveEx} END`;
  const tax = options.isLive
    ? sql`round(e.ex * ${ratePercent} / 100, 2)`
    : sql`CASE WHEN i.issued_tax IS NOT NULL THEN i.issued_tax ELSE round(e.ex * ${ratePercent} / 100, 2) END`;
  const paid = options.paidBy
    ? sql`coalesce((SELECT sum(p.amount) FROM invoice_payments p
        WHERE p.invoice_id = i.id AND p.paid_on <= ${options.paidBy}::date), 0)`
    : sql`i.amount_paid`;
  return sql`
    SELECT i.id AS invoice_id, i.currency, bill.id AS bill_to_id, e.ex, t.tax, e.ex + t.tax AS inc, ${paid} AS paid
    FROM invoices i
    JOIN collections col ON col.uid = i.collection_uid
    LEFT JOIN branches b ON b.id = col.fulfillment_branch_id
    JOIN clients bill ON bill.id = coalesce(i.billing_client_id, i.shipping_client_id)
    CROSS JOIN LATERAL (SELECT ${ex} AS ex) e
    CROSS JOIN LATERAL (SELECT ${tax} AS tax) t
    WHERE ${where}`;
};

/** Keeps the figures of the invoices matching `where` as issued (when they are finalised or billed by hand). */
export const storeIssuedFigures = async (q: Queryable, where: SQL): Promise<void> => {
  await q.execute(sql`
    UPDATE invoices SET issued_ex = f.ex, issued_tax = f.tax
    FROM (${invoiceFiguresSql(where, { isLive: true })}) f
    WHERE invoices.id = f.invoice_id`);
};

/** Keeps the lines-plus-freight figure of the invoices matching `where` (after any change to them). */
export const storeAmountEx = async (q: Queryable, where: SQL): Promise<void> => {
  await q.execute(sql`
    UPDATE invoices i SET amount_ex = ${liveEx}
    WHERE ${where}`);
};

/** Keeps what each invoice matching `where` has been paid, from its payments. */
export const storePaidAmounts = async (q: Queryable, where: SQL): Promise<void> => {
  await q.execute(sql`
    UPDATE invoices i SET amount_paid = coalesce(
      (SELECT sum(p.amount) FROM invoice_payments p WHERE p.invoice_id = i.id), 0)
    WHERE ${where}`);
};

/**
 * What a client owes: the amount due still unpaid on every finalised invoice billed to it (an invoice
 * invoiced manually is owed wherever it was billed). A scalar subquery for the client id `clientId`.
 */
export const clientBalanceSql = (clientId: SQL): SQL => sql`(
  SELECT coalesce(sum(f.inc - f.paid), 0)::numeric(12,2)::text FROM (${invoiceFiguresSql(
    sql`i.finalised AND coalesce(i.billing_client_id, i.shipping_client_id) = ${clientId}`,
  )}) f)`;
