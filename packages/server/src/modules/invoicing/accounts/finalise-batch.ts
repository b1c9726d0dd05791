import { eq, sql } from 'drizzle-orm';
import { AppError, accountsMessages, type BatchFinalise } from '@lab/domain';
import type { StaffActor } from '../../../auth/actor';
import { inTransaction, selectRows, type Db, type Tx } from '../../../db/client';
import { collections, invoices } from '../../../db/schema/index';
import { finaliseLockedInvoice } from '../close-invoice';
import { invoiceFiguresSql } from '../invoice-figures';

// POST /api/v2/accounts/invoices/finalise/ (administrators): the ready invoices the accounts person ticked,
// finalised one by one, each in its own transaction with its own audit row, exactly as the Billing view's
// Finalise does (finaliseLockedInvoice); one that cannot go is reported with the reason, and the rest go on.

const finaliseOne = async (tx: Tx, invoiceNumber: number, actor: StaffActor, now: Date) => {
  const [found] = await tx
    .select({ invoice: invoices, branchId: collections.fulfillment_branch_id })
    .from(invoices)
    .innerJoin(collections, eq(collections.uid, invoices.collection_uid))
    .where(eq(invoices.invoice_number, invoiceNumber))
    .limit(1)
    .for('update', { of: invoices });
  if (!found) throw new AppError('not_found', { message: accountsMessages.invoiceNotFound });
  await finaliseLockedInvoice(tx, { invoice: found.invoice, branchId: found.branchId, actor, now });
  const [figures] = await selectRows<{ inc: string }>(
    tx,
    sql`SELECT f.inc::numeric(12,2)::text AS inc FROM (${invoiceFiguresSql(sql`i.id = ${found.invoice.id}`)}) f`,
  );
  return figures?.inc ?? '0.00';
};

export const finaliseBatch = async (
  db: Db,
  input: { invoiceNumbers: readonly number[]; actor: StaffActor; now?: Date },
): Promise<BatchFinalise> => {
  const result: BatchFinalise = { finalised: [], refused: [] };
  for (const invoiceNumber of new Set(input.invoiceNumbers)) {
    try {
      const inc = await inTransaction(db, (tx) =>
        finaliseOne(tx, invoiceNumber, input.actor, input.now ?? new Date()),
      );
      result.finalised.push({ invoice_number: invoiceNumber, inc });
    } catch (error) {
      // A refusal of the rule is the answer for that invoice; anything else is a fault and stops the batch.
      if (!(error instanceof AppError)) throw error;
      result.refused.push({ invoice_number: invoiceNumber, reason: error.message });
    }
  }
  return result;
};
