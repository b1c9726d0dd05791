import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { invoiceFiguresSql, storeAmountEx, storeIssuedFigures, storePaidAmounts } from './invoice-figures';

// The demo's (and the bench data's) payments, so the Accounts page's balances and aging look like a
// lab's: invoices issued more than a fortnight ago were mostly paid in full two to four weeks after their
// date; one in five of those in part (half); one in seven not at all, so the 60- and 90-day bands keep
// something to show. Chosen by invoice number, no randomness; one statement, so a million cases take
// seconds. Invoices that have a payment already are left alone (a second run adds none).

export const seedDemoPayments = async (q: Queryable, now: number): Promise<void> => {
  const today = new Date(now).toISOString().slice(0, 10);
  // The seed writes its invoices as rows, not through the invoicing actions: their figures are kept first.
  await storeAmountEx(q, sql`i.amount_ex IS NULL`);
  await storeIssuedFigures(
    q,
    sql`(i.finalised OR i.manually_invoiced_at IS NOT NULL) AND i.issued_ex IS NULL`,
  );
  await q.execute(sql`
    INSERT INTO invoice_payments (invoice_id, amount, paid_on, reference, recorded_by_id, created_at)
    SELECT f.invoice_id,
           CASE WHEN i.invoice_number % 5 = 0 THEN round(f.inc / 2, 2) ELSE f.inc END,
           i.invoice_date + (14 + i.invoice_number % 15),
           'EFT ' || right(i.invoice_number::text, 4) || lpad((i.invoice_number % 97)::text, 2, '0'),
           (SELECT id FROM users WHERE username = 'admin'),
           (i.invoice_date + (14 + i.invoice_number % 15))::timestamp + interval '3 hours'
    FROM (${invoiceFiguresSql(
      sql`i.finalised AND i.invoice_date <= ${today}::date - 14
          AND NOT EXISTS (SELECT 1 FROM invoice_payments p WHERE p.invoice_id = i.id)`,
    )}) f
    JOIN invoices i ON i.id = f.invoice_id
    WHERE i.invoice_number % 7 <> 0 AND f.inc > 0 AND i.invoice_date + (14 + i.invoice_number % 15) <= ${today}::date`);
  await storePaidAmounts(q, sql`i.id IN (SELECT invoice_id FROM invoice_payments)`);
};
