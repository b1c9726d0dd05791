import { asc, eq, sql } from 'drizzle-orm';
import {
  AppError,
  finaliseRefusal,
  invoiceMessages,
  invoiceTotalCents,
  manualInvoiceRefusal,
  centsToMoneyText,
  parseMoneyCents,
} from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import type { Tx } from '../../db/client';
import { branches, cases, clients, invoice_lines } from '../../db/schema/index';
import { answerCase, type CaseActionHandler } from '../cases/kernel';
import {
  assertAdmin,
  lockCollectionInvoice,
  recordInvoiceChange,
  type InvoiceRecord,
} from './invoice-records';
import { invoices } from '../../db/schema/index';
import { storeIssuedFigures } from './invoice-figures';

// finalise_invoice and manually_invoiced (collection-views §4 'Invoice', domain-decisions 'Roles'): the
// admin closes the invoice, irreversibly. Finalise waits until no case of the collection awaits dispatch
// and keeps a snapshot of the bill as issued; a cash customer's invoice is never finalised (it is not
// auto invoiced: §6), only invoiced manually.

const closedRefusal = (message: string): AppError => new AppError('conflict', { message });

/** The day the invoice is issued: today where the collection's branch is (Melbourne when none). */
const issueDate = async (tx: Tx, branchId: number | null, now: Date): Promise<string> => {
  const [branch] =
    branchId === null
      ? []
      : await tx
          .select({ zone: branches.time_zone })
          .from(branches)
          .where(eq(branches.id, branchId))
          .limit(1);
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: branch?.zone ?? 'Australia/Melbourne' }).format(now);
};

const billTo = async (tx: Tx, invoice: InvoiceRecord) => {
  const [client] = await tx
    .select({ is_cash_customer: clients.is_cash_customer })
    .from(clients)
    .where(eq(clients.id, invoice.billing_client_id ?? invoice.shipping_client_id))
    .limit(1);
  return { isCash: client?.is_cash_customer ?? false };
};

/** The bill as issued: names, address and lines, so later edits of the client do not rewrite it. */
const snapshotOf = async (tx: Tx, invoice: InvoiceRecord) => {
  const [shipping] = await tx
    .select({
      name: clients.name,
      address_line_1: clients.address_line_1,
      address_line_2: clients.address_line_2,
      suburb: clients.suburb,
      state: clients.state,
      postcode: clients.postcode,
      country: clients.country,
    })
    .from(clients)
    .where(eq(clients.id, invoice.shipping_client_id))
    .limit(1);
  const lines = await tx
    .select({
      description: invoice_lines.description,
      total_qty: invoice_lines.total_qty,
      unit_price: invoice_lines.unit_price,
    })
    .from(invoice_lines)
    .where(eq(invoice_lines.invoice_id, invoice.id))
    .orderBy(asc(invoice_lines.sort));
  const priced = lines.map((l) => ({
    total_qty: l.total_qty === null ? null : Number(l.total_qty),
    unit_price_cents: l.unit_price === null ? null : parseMoneyCents(l.unit_price),
  }));
  const total = invoiceTotalCents({ lines: priced, freight_cents: parseMoneyCents(invoice.freight) ?? 0 });
  const { name, ...address } = shipping ?? { name: '' };
  return {
    shipping_client_name: name,
    shipping_address: address,
    total: centsToMoneyText(total),
    lines: lines.length,
  };
};

/**
 * Finalises an invoice locked by the caller, in the caller's transaction: the rule's refusal and the cash
 * customer's are 409s. The case action and the Accounts page's batch both finalise through here.
 */
export const finaliseLockedInvoice = async (
  tx: Tx,
  input: { invoice: InvoiceRecord; branchId: number | null; actor: StaffActor; now: Date },
): Promise<{ total: string }> => {
  const { invoice, actor, now } = input;
  // §4: ready_to_finalise is false while any case of the collection awaits dispatch.
  const progress = await tx
    .select({ dispatched: cases.dispatched, cancelled: cases.cancelled })
    .from(cases)
    .where(eq(cases.collection_uid, invoice.collection_uid));
  const refusal = finaliseRefusal(
    { finalised: invoice.finalised, manually_invoiced: invoice.manually_invoiced_at !== null },
    progress,
  );
  if (refusal) throw closedRefusal(refusal);
  if ((await billTo(tx, invoice)).isCash) throw closedRefusal(invoiceMessages.cashCustomer);

  const invoiceDate = await issueDate(tx, input.branchId, now);
  const snapshot = await snapshotOf(tx, invoice);
  await tx
    .update(invoices)
    .set({
      finalised: true,
      finalised_at: now,
      finalised_by_id: actor.id,
      finalised_snapshot: snapshot,
      invoice_date: invoiceDate,
    })
    .where(eq(invoices.id, invoice.id));
  await storeIssuedFigures(tx, sql`i.id = ${invoice.id}`);
  await recordInvoiceChange(tx, {
    invoice,
    action: 'finalised',
    caseUid: null,
    changes: {
      finalised: { old: false, new: true },
      invoice_date: { old: null, new: invoiceDate },
      total: { old: null, new: snapshot.total },
    },
    actor,
    now,
  });
  return { total: snapshot.total };
};

export const finaliseInvoice: CaseActionHandler<'finalise_invoice'> = async (tx, input) => {
  const { actionCase, actor, now, body } = input;
  assertAdmin(actor);
  const invoice = await lockCollectionInvoice(tx, actionCase.collection.uid, body.invoice_number);
  await finaliseLockedInvoice(tx, {
    invoice,
    branchId: actionCase.collection.fulfillment_branch_id,
    actor,
    now,
  });
  return answerCase(actionCase.row.uid);
};

export const manuallyInvoiced: CaseActionHandler<'manually_invoiced'> = async (tx, input) => {
  const { actionCase, actor, now, body } = input;
  assertAdmin(actor);
  const invoice = await lockCollectionInvoice(tx, actionCase.collection.uid, body.invoice_number);
  const refusal = manualInvoiceRefusal({
    finalised: invoice.finalised,
    manually_invoiced: invoice.manually_invoiced_at !== null,
  });
  if (refusal) throw closedRefusal(refusal);
  // Billed outside the system, but dated all the same: its PDF and the Accounts page show the day.
  const invoiceDate = await issueDate(tx, actionCase.collection.fulfillment_branch_id, now);
  await tx
    .update(invoices)
    .set({ manually_invoiced_at: now, manually_invoiced_by_id: actor.id, invoice_date: invoiceDate })
    .where(eq(invoices.id, invoice.id));
  await storeIssuedFigures(tx, sql`i.id = ${invoice.id}`);
  await recordInvoiceChange(tx, {
    invoice,
    action: 'manually_invoiced',
    caseUid: null,
    changes: {
      manually_invoiced: { old: false, new: true },
      invoice_date: { old: null, new: invoiceDate },
    },
    actor,
    now,
  });
  return answerCase(actionCase.row.uid);
};
