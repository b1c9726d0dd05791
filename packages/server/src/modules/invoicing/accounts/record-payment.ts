import { eq, sql } from 'drizzle-orm';
import {
  AppError,
  accountsMessages,
  paymentRefusal,
  parseMoneyCents,
  type AccountsInvoice,
  type PaymentBody,
} from '@lab/domain';
import type { StaffActor } from '../../../auth/actor';
import { inTransaction, selectRows, type Db } from '../../../db/client';
import { invoice_payments, invoices } from '../../../db/schema/index';
import { invoiceFiguresSql } from '../invoice-figures';
import { recordInvoiceChange } from '../invoice-records';
import { labToday } from './balances';
import { listAccountsInvoices } from './list-invoices';

// POST /api/v2/accounts/payments/ (administrators): money received against one issued invoice — part
// payments allowed, never more than is still owed (domain accounts/payments.ts), checked under the
// invoice's lock so two payments entered at once cannot together pass the amount due. The payment, the
// invoice's audit row and its collection's pages told, in one transaction. Answers the invoice's row.

export const recordPayment = async (
  db: Db,
  input: { body: PaymentBody; actor: StaffActor; now?: Date },
): Promise<AccountsInvoice> => {
  const { body, actor } = input;
  const now = input.now ?? new Date();
  if (body.paid_on > labToday(now))
    throw new AppError('validation_failed', {
      message: accountsMessages.paidOnInFuture,
      fields: { paid_on: accountsMessages.paidOnInFuture },
    });
  const amountCents = parseMoneyCents(body.amount) ?? 0;
  await inTransaction(db, async (tx) => {
    const [invoice] = await tx
      .select()
      .from(invoices)
      .where(eq(invoices.invoice_number, body.invoice_number))
      .limit(1)
      .for('update');
    if (!invoice) throw new AppError('not_found', { message: accountsMessages.invoiceNotFound });
    const [figures] = await selectRows<{ inc: string; paid: string }>(
      tx,
      sql`SELECT f.inc::text AS inc, f.paid::text AS paid FROM (${invoiceFiguresSql(sql`i.id = ${invoice.id}`)}) f`,
    );
    const refusal = paymentRefusal(
      {
        finalised: invoice.finalised,
        manually_invoiced: invoice.manually_invoiced_at !== null,
        incCents: parseMoneyCents(figures?.inc ?? '0') ?? 0,
        paidCents: parseMoneyCents(figures?.paid ?? '0') ?? 0,
        currency: invoice.currency,
      },
      amountCents,
    );
    if (refusal)
      throw amountCents <= 0
        ? new AppError('validation_failed', { message: refusal, fields: { amount: refusal } })
        : new AppError('conflict', { message: refusal });
    await tx.insert(invoice_payments).values({
      invoice_id: invoice.id,
      amount: body.amount,
      paid_on: body.paid_on,
      reference: body.reference,
      recorded_by_id: actor.id,
      created_at: now,
    });
    await tx
      .update(invoices)
      .set({ amount_paid: sql`${invoices.amount_paid} + ${body.amount}::numeric` })
      .where(eq(invoices.id, invoice.id));
    await recordInvoiceChange(tx, {
      invoice,
      action: 'paid',
      caseUid: null,
      changes: { amount: body.amount, paid_on: body.paid_on, reference: body.reference },
      actor,
      now,
    });
  });
  const [row] = (await listAccountsInvoices(db, { page: 1, invoice_number: body.invoice_number })).invoices;
  if (!row) throw new AppError('not_found', { message: accountsMessages.invoiceNotFound });
  return row;
};
