import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { StaffActor } from '../../auth/actor';
import type { Tx } from '../../db/client';
import { invoice_cases, invoice_lines, invoices, job_types, price_list } from '../../db/schema/index';
import type { ActionCase } from './load-action-case';
import { writeAuditEvent } from '../../audit/write-audit-event';

// Mark as Done 'raises an invoice' (case-workspace §4): the case's line goes onto the collection's open
// invoice (not finalised, not manually invoiced), which is created when there is none.

const currencyOfCountry = (country: string): string => (country === 'NZ' ? 'NZD' : 'AUD');

/** The invoice to add to: the collection's oldest open one (the main one of its group), locked. */
const findOrCreateOpenInvoice = async (tx: Tx, actionCase: ActionCase) => {
  const { collection } = actionCase;
  const [open] = await tx
    .select({ id: invoices.id, invoice_number: invoices.invoice_number, currency: invoices.currency })
    .from(invoices)
    .where(
      and(
        eq(invoices.collection_uid, collection.uid),
        eq(invoices.finalised, false),
        isNull(invoices.manually_invoiced_at),
      ),
    )
    .orderBy(asc(invoices.created_at), asc(invoices.id))
    .limit(1)
    .for('update');
  if (open) return { ...open, isNew: false };
  const [created] = await tx
    .insert(invoices)
    .values({
      collection_uid: collection.uid,
      shipping_client_id: collection.shipping_client_id,
      billing_client_id: collection.billing_client_id,
      invoice_platform: collection.ordering_platform === 'nexus_ios' ? 'NEXUS' : 'OEP',
      currency: currencyOfCountry(collection.country),
    })
    .returning({ id: invoices.id, invoice_number: invoices.invoice_number, currency: invoices.currency });
  if (!created) throw new Error('invoice insert returned no row');
  return { ...created, isNew: true };
};

/**
 * The job type's price for this client: a price-list row for the client, else one for the country, in
 * the invoice's currency; else the job type's own price. null = no price known (the line is still
 * added, without amounts, for accounts to price).
 */
const findUnitPrice = async (tx: Tx, actionCase: ActionCase, currency: string): Promise<number | null> => {
  const { row, collection } = actionCase;
  const [listed] = await tx
    .select({ unit_price: price_list.unit_price })
    .from(price_list)
    .where(
      and(
        eq(price_list.job_type_id, row.job_type_id),
        eq(price_list.country, collection.country),
        eq(price_list.currency, currency),
        or(isNull(price_list.client_id), eq(price_list.client_id, collection.shipping_client_id)),
      ),
    )
    .orderBy(sql`${price_list.client_id} IS NULL`)
    .limit(1);
  if (listed) return Number(listed.unit_price);
  const [jobType] = await tx
    .select({ price: job_types.price })
    .from(job_types)
    .where(eq(job_types.id, row.job_type_id))
    .limit(1);
  return jobType?.price == null ? null : Number(jobType.price);
};

/** A redo is billed by its charge: free, a percentage off, or in full. */
const chargedPrice = (price: number | null, row: ActionCase['row']): number | null => {
  if (price === null) return null;
  if (row.redo_charge === 'free') return 0;
  if (row.redo_charge === 'discount') return price * (1 - Number(row.redo_discount_amount ?? 0) / 100);
  return price;
};

const money = (value: number | null): string | null => (value === null ? null : value.toFixed(2));

/** Adds the case and its line to the open invoice; answers that invoice's number. */
export const addCaseToOpenInvoice = async (
  tx: Tx,
  options: { actionCase: ActionCase; actor: StaffActor },
): Promise<number> => {
  const { actionCase, actor } = options;
  const { row } = actionCase;
  const invoice = await findOrCreateOpenInvoice(tx, actionCase);
  const unitPrice = chargedPrice(await findUnitPrice(tx, actionCase, invoice.currency), row);
  const [last] = await tx
    .select({ sort: invoice_lines.sort })
    .from(invoice_lines)
    .where(eq(invoice_lines.invoice_id, invoice.id))
    .orderBy(desc(invoice_lines.sort))
    .limit(1);
  const description = `${actionCase.jobTypeName}${row.redo_type ? ' (redo)' : ''}`;
  await tx.insert(invoice_cases).values({ invoice_id: invoice.id, case_uid: row.uid }).onConflictDoNothing();
  await tx.insert(invoice_lines).values({
    invoice_id: invoice.id,
    case_uid: row.uid,
    dentate: row.dentate,
    description,
    total_qty: '1.00',
    unit_price: money(unitPrice),
    total_amount: money(unitPrice),
    sort: (last?.sort ?? -1) + 1,
  });
  await tx
    .update(invoices)
    .set({ updated_at: sql`now()` })
    .where(eq(invoices.id, invoice.id));
  await writeAuditEvent(tx, {
    entity: 'invoice',
    entityId: invoice.invoice_number,
    action: invoice.isNew ? 'created' : 'updated',
    collectionUid: row.collection_uid,
    caseUid: row.uid,
    changes: { lines_added: { old: null, new: [`${row.case_mkey} ${description}`] } },
    actor,
  });
  return invoice.invoice_number;
};
