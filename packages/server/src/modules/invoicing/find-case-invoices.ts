import { desc, eq } from 'drizzle-orm';
import type { Invoice } from '@lab/domain';
import type { Queryable } from '../../db/client';
import { dispatches } from '../../db/schema/index';
import { findCaseCollection, type CaseCollection } from './find-case-collection';
import { inCollection, selectInvoices, selectLines, selectRelatedCases } from './invoice-selects';
import { presentInvoices } from './present-invoice';

// GET /api/cases/{case_id}/invoicing/: the invoices of the case's collection. Five statements whatever the
// number of invoices, cases and lines: the case, then the invoices, their cases, their lines and the
// courier together, each for the whole collection. The invoice documents (documents/) read through the same
// selects (invoice-selects.ts), scoped by a condition on `invoices` (one collection, or the collections an
// export covers).

const selectLatestCourier = async (db: Queryable, collectionUid: string): Promise<string | null> => {
  const [latest] = await db
    .select({ courier: dispatches.courier })
    .from(dispatches)
    .where(eq(dispatches.collection_uid, collectionUid))
    .orderBy(desc(dispatches.dispatched_at), desc(dispatches.id))
    .limit(1);
  return latest?.courier ?? null;
};

/** Every invoice of the collection, as the Billing view shows them. */
export const findCollectionInvoices = async (
  db: Queryable,
  collection: CaseCollection,
): Promise<Invoice[]> => {
  const scope = inCollection(collection.uid);
  const [invoiceRows, relatedCases, lines, courier] = await Promise.all([
    selectInvoices(db, scope),
    selectRelatedCases(db, scope),
    selectLines(db, scope),
    selectLatestCourier(db, collection.uid),
  ]);
  return presentInvoices({ collection, invoiceRows, relatedCases, lines, courier });
};

export const findCaseInvoices = async (db: Queryable, caseId: number | null): Promise<Invoice[]> =>
  findCollectionInvoices(db, await findCaseCollection(db, caseId));
