import { eq, sql } from 'drizzle-orm';
import { AppError, invoiceReadMessages } from '@lab/domain';
import type { Queryable } from '../../db/client';
import { cases, collections } from '../../db/schema/index';

export type CaseCollection = {
  uid: string;
  collection_id: number;
  patient_reference: string;
  /** §4: a case of the collection is neither dispatched nor cancelled, so no invoice is ready to finalise. */
  awaiting_dispatch: boolean;
};

/** The columns of CaseCollection, for every read that presents invoices (by case, by number, an export). */
export const invoiceCollectionColumns = {
  uid: collections.uid,
  collection_id: collections.collection_id,
  patient_reference: collections.patient_reference,
  awaiting_dispatch: sql<boolean>`EXISTS (SELECT 1 FROM ${cases} AS pending WHERE pending.collection_uid = ${collections.uid} AND NOT pending.dispatched AND NOT pending.cancelled)`,
};

/** The collection of the case with this legacy id; an id that cannot exist (null) or is unknown is 404. */
export const findCaseCollection = async (db: Queryable, caseId: number | null): Promise<CaseCollection> => {
  const notFound = () => new AppError('not_found', { message: invoiceReadMessages.caseNotFound });
  if (caseId === null) throw notFound();
  const [row] = await db
    .select(invoiceCollectionColumns)
    .from(cases)
    .innerJoin(collections, eq(collections.uid, cases.collection_uid))
    .where(eq(cases.case_id, caseId))
    .limit(1);
  if (!row) throw notFound();
  return row;
};
