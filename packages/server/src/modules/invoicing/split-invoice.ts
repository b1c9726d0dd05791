import { and, eq, inArray } from 'drizzle-orm';
import {
  AppError,
  checkSplitAmount,
  fieldError,
  invoiceActionMessages,
  invoiceMessages,
  lineTotalCents,
  parseMoneyCents,
} from '@lab/domain';
import { cases, invoice_cases, invoice_lines, invoices } from '../../db/schema/index';
import { answerCase, type CaseActionHandler } from '../cases/kernel';
import { isInvoiceOpen, recordInvoiceChange } from './invoice-records';

// split_invoice (collection-views §5 'Invoice split', §7): the cases of one open invoice of the group go
// into two lists; the second list's cases and their lines move to a new invoice of the same group. Fixed
// lines (pricing kits) and the freight stay. The split amount is what moves; it must be above $0 and leave
// the first invoice above $0 too, so the two invoices always add up to the total before the split.

type LineAmounts = { total_qty: string | null; unit_price: string | null };

const cents = (line: LineAmounts): number =>
  lineTotalCents({
    total_qty: line.total_qty === null ? null : Number(line.total_qty),
    unit_price_cents: line.unit_price === null ? null : parseMoneyCents(line.unit_price),
  });

export const splitInvoice: CaseActionHandler<'split_invoice'> = async (tx, input) => {
  const { actionCase, actor, now, body } = input;
  const { invoice_group_uid: groupUid, groups } = body.split_invoice;
  const [keep, move] = groups;
  const named = [...keep, ...move];

  const group = await tx
    .select()
    .from(invoices)
    .where(
      and(eq(invoices.invoice_group_uid, groupUid), eq(invoices.collection_uid, actionCase.collection.uid)),
    )
    .for('update');
  if (group.length === 0) throw new AppError('not_found', { message: invoiceActionMessages.unknownInvoice });
  const members = await tx
    .select({ invoice_id: invoice_cases.invoice_id, case_uid: cases.uid, case_mkey: cases.case_mkey })
    .from(invoice_cases)
    .innerJoin(cases, eq(cases.uid, invoice_cases.case_uid))
    .where(
      inArray(
        invoice_cases.invoice_id,
        group.map((i) => i.id),
      ),
    );

  // The invoice being split is the one the first named case is on.
  const source = group.find((i) => members.some((m) => m.invoice_id === i.id && m.case_mkey === named[0]));
  const onSource = members.filter((m) => m.invoice_id === source?.id);
  const sameCases = onSource.length === named.length && onSource.every((m) => named.includes(m.case_mkey));
  if (!source || !sameCases) throw fieldError('groups', invoiceActionMessages.splitCasesMismatch);
  if (!isInvoiceOpen(source)) throw new AppError('conflict', { message: invoiceMessages.splitNotAllowed });

  const lines = await tx
    .select({
      id: invoice_lines.id,
      case_uid: invoice_lines.case_uid,
      total_qty: invoice_lines.total_qty,
      unit_price: invoice_lines.unit_price,
      is_fixed: invoice_lines.is_fixed,
    })
    .from(invoice_lines)
    .where(eq(invoice_lines.invoice_id, source.id));
  const movedUids = new Set(onSource.filter((m) => move.includes(m.case_mkey)).map((m) => m.case_uid));
  const moving = lines.filter((l) => !l.is_fixed && l.case_uid !== null && movedUids.has(l.case_uid));
  const total = lines.reduce((sum, l) => sum + cents(l), parseMoneyCents(source.freight) ?? 0);
  const splitCents = moving.reduce((sum, l) => sum + cents(l), 0);
  const message = checkSplitAmount(splitCents, total);
  if (message) throw fieldError('split_amount', message);

  const [created] = await tx
    .insert(invoices)
    .values({
      invoice_group_uid: groupUid,
      collection_uid: source.collection_uid,
      shipping_client_id: source.shipping_client_id,
      billing_client_id: source.billing_client_id,
      purchase_order_number: source.purchase_order_number,
      invoice_platform: source.invoice_platform,
      currency: source.currency,
      created_at: now,
    })
    .returning();
  if (!created) throw new Error('invoice insert returned no row');
  await tx
    .update(invoice_cases)
    .set({ invoice_id: created.id })
    .where(and(eq(invoice_cases.invoice_id, source.id), inArray(invoice_cases.case_uid, [...movedUids])));
  if (moving.length > 0) {
    await tx
      .update(invoice_lines)
      .set({ invoice_id: created.id })
      .where(
        inArray(
          invoice_lines.id,
          moving.map((l) => l.id),
        ),
      );
  }
  const movedText = { old: null, new: move };
  await recordInvoiceChange(tx, {
    invoice: source,
    action: 'split',
    caseUid: null,
    changes: { cases_moved: movedText, split_to_invoice: { old: null, new: created.invoice_number } },
    actor,
    now,
  });
  await recordInvoiceChange(tx, {
    invoice: created,
    action: 'created',
    caseUid: null,
    changes: { split_from_invoice: { old: null, new: source.invoice_number }, cases: movedText },
    actor,
    now,
  });
  return answerCase(actionCase.row.uid);
};
