import { sql, type SQL } from 'drizzle-orm';
import type { AccountsInvoicesQuery } from '@lab/domain';

// The invoice list's filters as SQL over invoiceFiguresSql's aliases (i invoice, col collection, b issuing
// branch, bill bill-to client). An invoice's state is the domain's (accounts/payments.ts invoiceStateOf):
// closed by hand, finalised, or open and ready once no case of its collection awaits dispatch
// (invoicing/ready-to-finalise.ts); the list checks its rows' states against the rule.

const isOpen = sql`NOT i.finalised AND i.manually_invoiced_at IS NULL`;
const awaitsDispatch = sql`EXISTS (SELECT 1 FROM cases c WHERE c.collection_uid = i.collection_uid
  AND NOT c.dispatched AND NOT c.cancelled)`;

/** The day an invoice counts from: its invoice date once issued, else the day it was raised (branch time). */
export const invoiceDaySql = sql`coalesce(i.invoice_date,
  (i.created_at AT TIME ZONE coalesce(b.time_zone, 'Australia/Melbourne'))::date)`;

const stateFilter: Record<NonNullable<AccountsInvoicesQuery['state']>, SQL> = {
  awaiting_dispatch: sql`${isOpen} AND ${awaitsDispatch}`,
  ready: sql`${isOpen} AND NOT ${awaitsDispatch}`,
  finalised: sql`i.finalised`,
  manually_invoiced: sql`i.manually_invoiced_at IS NOT NULL`,
  cash: sql`${isOpen} AND bill.is_cash_customer`,
};

/** Whether the invoice is ready to finalise (for its state), as a column. */
export const readySql = sql`NOT ${awaitsDispatch}`;

export const invoiceFilterSql = (query: Omit<AccountsInvoicesQuery, 'page'>): SQL => {
  const parts: SQL[] = [sql`TRUE`];
  if (query.state) parts.push(stateFilter[query.state]);
  if (query.invoice_number !== undefined) parts.push(sql`i.invoice_number = ${query.invoice_number}`);
  if (query.client_id !== undefined) parts.push(sql`bill.client_id = ${query.client_id}`);
  if (query.branch_id !== undefined) parts.push(sql`col.fulfillment_branch_id = ${query.branch_id}`);
  if (query.platform) parts.push(sql`i.invoice_platform = ${query.platform}`);
  if (query.from) parts.push(sql`${invoiceDaySql} >= ${query.from}::date`);
  if (query.to) parts.push(sql`${invoiceDaySql} <= ${query.to}::date`);
  return sql.join(parts, sql` AND `);
};
