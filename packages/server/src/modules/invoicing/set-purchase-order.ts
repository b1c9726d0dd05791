import { and, eq, isNull } from 'drizzle-orm';
import { AppError, invoiceActionMessages } from '@lab/domain';
import { invoices } from '../../db/schema/index';
import { answerCase, caseNotFound, type CaseActionHandler } from '../cases/kernel';
import { recordInvoiceChange } from './invoice-records';

// invoice_purchase_order (collection-views §7): the client's PO# goes on the collection's open invoices
// (a split pair carries one PO). Closed invoices keep the PO they were issued with; with none open the
// answer is 409, as for any change to a closed invoice.

export const setPurchaseOrder: CaseActionHandler<'invoice_purchase_order'> = async (tx, input) => {
  const { actionCase, actor, now, body } = input;
  if (body.case_collection_uid !== actionCase.collection.uid) throw caseNotFound();
  const purchaseOrder = body.purchase_order_number?.trim() || null;
  const open = await tx
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.collection_uid, actionCase.collection.uid),
        eq(invoices.finalised, false),
        isNull(invoices.manually_invoiced_at),
      ),
    )
    .for('update');
  if (open.length === 0) throw new AppError('conflict', { message: invoiceActionMessages.noOpenInvoice });
  for (const invoice of open) {
    if (invoice.purchase_order_number === purchaseOrder) continue;
    await tx
      .update(invoices)
      .set({ purchase_order_number: purchaseOrder })
      .where(eq(invoices.id, invoice.id));
    await recordInvoiceChange(tx, {
      invoice,
      action: 'updated',
      caseUid: null,
      changes: { purchase_order_number: { old: invoice.purchase_order_number, new: purchaseOrder } },
      actor,
      now,
    });
  }
  return answerCase(actionCase.row.uid);
};
