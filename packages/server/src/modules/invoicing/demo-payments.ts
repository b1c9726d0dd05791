import { eq, sql } from 'drizzle-orm';
import { centsToMoneyText, parseMoneyCents } from '@lab/domain';
import { selectRows, type Tx } from '../../db/client';
import { invoice_payments, users } from '../../db/schema/index';
import { invoiceFiguresSql } from './invoice-figures';

// The demo's payments, so the Accounts page's balances and aging look like a lab's: most invoices issued
// more than a fortnight ago were paid in full two to four weeks after their date, some in part, some not
// at all (the 60- and 90-day bands keep something to show). Chosen by invoice number, no randomness.

const day = 86_400_000;

const addDays = (isoDate: string, days: number): string =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * day).toISOString().slice(0, 10);

export const seedDemoPayments = async (tx: Tx, now: number): Promise<void> => {
  const today = new Date(now).toISOString().slice(0, 10);
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'admin')).limit(1);
  const issued = await selectRows<{
    invoice_id: number;
    invoice_number: number;
    invoice_date: string;
    inc: string;
  }>(
    tx,
    sql`SELECT f.invoice_id, i.invoice_number, i.invoice_date::text AS invoice_date, f.inc::text AS inc
        FROM (${invoiceFiguresSql(sql`i.finalised AND i.invoice_date <= ${addDays(today, -14)}::date`)}) f
        JOIN invoices i ON i.id = f.invoice_id
        ORDER BY i.invoice_number`,
  );
  const rows = issued.flatMap((invoice) => {
    const number = Number(invoice.invoice_number);
    const incCents = parseMoneyCents(invoice.inc) ?? 0;
    // One in seven unpaid; one in five of the rest paid in part; the others in full.
    if (number % 7 === 0 || incCents <= 0) return [];
    const cents = number % 5 === 0 ? Math.round(incCents / 2) : incCents;
    const paidOn = addDays(invoice.invoice_date, 14 + (number % 15));
    if (paidOn > today) return [];
    return [
      {
        invoice_id: Number(invoice.invoice_id),
        amount: centsToMoneyText(cents),
        paid_on: paidOn,
        reference: `EFT ${String(number).slice(-4)}${String(number % 97).padStart(2, '0')}`,
        recorded_by_id: admin?.id ?? null,
        created_at: new Date(Date.parse(`${paidOn}T03:00:00Z`)),
      },
    ];
  });
  if (rows.length > 0) await tx.insert(invoice_payments).values(rows);
};
