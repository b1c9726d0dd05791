import { centsToMoneyText, parseMoneyCents } from '@lab/domain';
import { eq } from 'drizzle-orm';
import { invoices } from '../../db/schema/index';
import { answerCase, type CaseActionHandler } from '../cases/kernel';
import { assertInvoiceOpen, lockCollectionInvoice, recordInvoiceChange } from './invoice-records';

// invoice_freight (ours, issue 32): what carrying the order costs, set by hand on an open invoice of the
// case's collection — a dispatch by courier sets the courier's rate, and the accounts person corrects it
// (a second parcel, a courier's surcharge). A finalised or manually invoiced invoice keeps its freight: 409.

export const setInvoiceFreight: CaseActionHandler<'invoice_freight'> = async (tx, input) => {
  const { actionCase, actor, now, body } = input;
  const invoice = await lockCollectionInvoice(tx, actionCase.collection.uid, body.invoice_number);
  assertInvoiceOpen(invoice);
  const freight = centsToMoneyText(parseMoneyCents(body.freight) ?? 0);
  if (parseMoneyCents(invoice.freight) === parseMoneyCents(freight)) return answerCase(actionCase.row.uid);
  await tx.update(invoices).set({ freight }).where(eq(invoices.id, invoice.id));
  await recordInvoiceChange(tx, {
    invoice,
    action: 'updated',
    caseUid: null,
    changes: { freight: { old: invoice.freight, new: freight } },
    actor,
    now,
  });
  return answerCase(actionCase.row.uid);
};
