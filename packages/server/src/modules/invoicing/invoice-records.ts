import { and, eq, sql } from 'drizzle-orm';
import { AppError, invoiceActionMessages } from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import type { Tx } from '../../db/client';
import { invoices } from '../../db/schema/index';
import { publishCollectionChanged } from '../../realtime/events';
import { writeAuditEvent, type AuditActions } from '../../audit/write-audit-event';
import { storeAmountEx } from './invoice-figures';

// What the invoicing actions share: finding an invoice of the case's collection (locked), the rule that
// a closed invoice never changes, the admin check, and the one way they write their audit row.

export type InvoiceRecord = typeof invoices.$inferSelect;

/** The invoice by number, locked; an invoice of another collection is answered like a missing one. */
export const lockCollectionInvoice = async (
  tx: Tx,
  collectionUid: string,
  invoiceNumber: number,
): Promise<InvoiceRecord> => {
  const [found] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.invoice_number, invoiceNumber), eq(invoices.collection_uid, collectionUid)))
    .limit(1)
    .for('update');
  if (!found) throw new AppError('not_found', { message: invoiceActionMessages.unknownInvoice });
  return found;
};

export const isInvoiceOpen = (invoice: Pick<InvoiceRecord, 'finalised' | 'manually_invoiced_at'>): boolean =>
  !invoice.finalised && invoice.manually_invoiced_at === null;

/** A finalised or manually invoiced invoice never changes again: 409. */
export const assertInvoiceOpen = (
  invoice: Pick<InvoiceRecord, 'finalised' | 'manually_invoiced_at'>,
): void => {
  if (!isInvoiceOpen(invoice))
    throw new AppError('conflict', { message: invoiceActionMessages.invoiceClosed });
};

/** domain-decisions 'Roles': finalise and manual invoicing are the admin's. */
export const assertAdmin = (actor: StaffActor): void => {
  if (!actor.admin) throw new AppError('forbidden', { message: invoiceActionMessages.adminOnly });
};

/**
 * The invoice's audit row, its updated_at, its kept lines-plus-freight and the collection's open pages
 * told, in the change's transaction.
 */
export const recordInvoiceChange = async (
  tx: Tx,
  change: {
    invoice: Pick<InvoiceRecord, 'id' | 'invoice_number' | 'collection_uid'>;
    action: AuditActions['invoice'];
    caseUid: string | null;
    changes: Record<string, unknown>;
    actor: StaffActor;
    now: Date;
  },
): Promise<void> => {
  await tx.update(invoices).set({ updated_at: change.now }).where(eq(invoices.id, change.invoice.id));
  // Every change to an invoice passes here, after its lines and freight are written: keep their sum.
  await storeAmountEx(tx, sql`i.id = ${change.invoice.id}`);
  await writeAuditEvent(tx, {
    entity: 'invoice',
    entityId: change.invoice.invoice_number,
    action: change.action,
    collectionUid: change.invoice.collection_uid,
    caseUid: change.caseUid,
    changes: change.changes,
    actor: change.actor,
    at: change.now,
  });
  await publishCollectionChanged(tx, change.invoice.collection_uid);
};
