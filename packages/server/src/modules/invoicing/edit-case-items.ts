import { and, eq, inArray } from 'drizzle-orm';
import { AppError, caseActionMessages, centsToMoneyText, type ItemOption } from '@lab/domain';
import type { Tx } from '../../db/client';
import { cases, invoice_cases, invoice_lines, invoices, item_options } from '../../db/schema/index';
import {
  answerCase,
  recordChange,
  writeCaseAuditRow,
  type ActionCase,
  type CaseActionHandler,
  type CaseChanges,
} from '../cases/kernel';
import { buildOptionLines } from './case-lines';
import { assertInvoiceOpen, recordInvoiceChange } from './invoice-records';
import { insertInvoiceLines, priceBookFor } from './raise-case-invoice';

// edit_case_items (collection-views §5 'Item options'): the option sets of the acted-on case and of every
// case the list names are replaced. A case already on an invoice has its option lines replaced there too;
// on a finalised or manually invoiced one nothing may change (409), so the options stay as billed.

type OptionSet = { caseUid: string; caseMkey: string; options: ItemOption[] };

/** The cases the list names, which must be of the acted-on case's collection (else 404 as unknown). */
const optionSets = async (
  tx: Tx,
  actionCase: ActionCase,
  options: readonly ItemOption[],
): Promise<OptionSet[]> => {
  const caseIds = [...new Set([actionCase.row.case_id, ...options.map((o) => o.case_id)])];
  const rows = await tx
    .select({ uid: cases.uid, case_id: cases.case_id, case_mkey: cases.case_mkey })
    .from(cases)
    .where(and(inArray(cases.case_id, caseIds), eq(cases.collection_uid, actionCase.collection.uid)));
  if (rows.length !== caseIds.length)
    throw new AppError('not_found', { message: caseActionMessages.caseNotFound });
  return rows.map((row) => ({
    caseUid: row.uid,
    caseMkey: row.case_mkey,
    options: options.filter((o) => o.case_id === row.case_id),
  }));
};

/** The stored amount: dollars with two decimals for a fixed option (the rule's cents), percent as is. */
const storedAmount = (option: ItemOption): string =>
  option.is_percentage ? option.amount.toFixed(2) : centsToMoneyText(option.amount);

type Described = { description: string; is_selected: boolean; text: string };

/** The selected options as the audit shows them: 'Express turnaround $150.00', 'Loyalty discount 5%'. */
const describe = (options: readonly Described[]): string[] =>
  options.filter((o) => o.is_selected).map((o) => `${o.description} ${o.text}`);

const described = (o: ItemOption): Described => ({
  description: o.description.trim(),
  is_selected: o.is_selected,
  text: o.is_percentage ? `${o.amount}%` : `$${centsToMoneyText(o.amount)}`,
});

const replaceOptions = async (tx: Tx, set: OptionSet): Promise<string[]> => {
  const before = await tx
    .select({
      description: item_options.description,
      is_selected: item_options.is_selected,
      amount: item_options.amount,
      is_percentage: item_options.is_percentage,
    })
    .from(item_options)
    .where(eq(item_options.case_uid, set.caseUid));
  await tx.delete(item_options).where(eq(item_options.case_uid, set.caseUid));
  if (set.options.length > 0) {
    await tx.insert(item_options).values(
      set.options.map((o, sort) => ({
        case_uid: set.caseUid,
        description: o.description.trim(),
        is_selected: o.is_selected,
        amount: storedAmount(o),
        is_percentage: o.is_percentage,
        sort,
      })),
    );
  }
  return describe(
    before.map((o) => ({ ...o, text: o.is_percentage ? `${Number(o.amount)}%` : `$${o.amount}` })),
  );
};

export const editCaseItems: CaseActionHandler<'edit_case_items'> = async (tx, input) => {
  const { actionCase, actor, now, body } = input;
  const sets = await optionSets(tx, actionCase, body.case_item_options);
  const billed = await tx
    .select({ case_uid: invoice_cases.case_uid, invoice: invoices })
    .from(invoice_cases)
    .innerJoin(invoices, eq(invoices.id, invoice_cases.invoice_id))
    .where(
      inArray(
        invoice_cases.case_uid,
        sets.map((s) => s.caseUid),
      ),
    )
    .for('update', { of: invoices });
  // Checked for every case before anything is written: one closed invoice refuses the whole edit.
  for (const { invoice } of billed) assertInvoiceOpen(invoice);

  for (const set of sets) {
    const selectedBefore = await replaceOptions(tx, set);
    const selectedAfter = describe(set.options.map(described));
    const changes: CaseChanges = {};
    recordChange(changes, 'item_options', selectedBefore, selectedAfter);
    await writeCaseAuditRow(tx, { caseUid: set.caseUid, actor, now, changes });
    const invoice = billed.find((b) => b.case_uid === set.caseUid)?.invoice;
    // The lines follow the options even when only an unselected option changed (nothing to audit then).
    if (!invoice) continue;
    const prices = await priceBookFor(tx, actionCase.collection, invoice.currency);
    const optionLines = await buildOptionLines(tx, set.caseUid, prices);
    await tx
      .delete(invoice_lines)
      .where(
        and(
          eq(invoice_lines.invoice_id, invoice.id),
          eq(invoice_lines.case_uid, set.caseUid),
          eq(invoice_lines.source, 'option'),
        ),
      );
    await insertInvoiceLines(tx, invoice.id, optionLines);
    await recordInvoiceChange(tx, {
      invoice,
      action: 'updated',
      caseUid: set.caseUid,
      changes,
      actor,
      now,
    });
  }
  return answerCase(actionCase.row.uid);
};
