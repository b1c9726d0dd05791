import { and, asc, eq, ne, type SQL } from 'drizzle-orm';
import { AppError, caseActionMessages, type StatusParent } from '@lab/domain';
import type { Queryable, Tx } from '../../db/client';
import { cases, clients, collections, job_types, statuses } from '../../db/schema/index';

// The load step of the case actions. All staff may work on every collection (domain-decisions 'Roles'),
// so finding the case is the only gate after authentication.

export type CaseRecord = typeof cases.$inferSelect;

export type StatusRecord = {
  id: number;
  name: string;
  parent_name: StatusParent;
  in_finishing: boolean;
  dispatch_ready: boolean;
  is_active: boolean;
};

const statusColumns = {
  id: statuses.id,
  name: statuses.name,
  parent_name: statuses.parent_name,
  in_finishing: statuses.in_finishing,
  dispatch_ready: statuses.dispatch_ready,
  is_active: statuses.is_active,
};

const toStatusRecord = (row: Omit<StatusRecord, 'parent_name'> & { parent_name: string }): StatusRecord => ({
  ...row,
  parent_name: row.parent_name as StatusParent,
});

/** The case an action works on, with what most actions read next to it. */
export type ActionCase = {
  row: CaseRecord;
  status: StatusRecord;
  jobTypeName: string;
  collection: {
    uid: string;
    collection_id: number;
    fulfillment_branch_id: number | null;
    shipping_client_id: number;
    billing_client_id: number | null;
    ordering_platform: string;
    country: string;
  };
};

export const caseNotFound = (): AppError =>
  new AppError('not_found', { message: caseActionMessages.caseNotFound });

/**
 * The case by its legacy id, locked (`FOR UPDATE`) for the rest of the transaction so two actions on one
 * case run one after another and each sees the other's result. null (an id that cannot exist) is 404 too.
 *
 * Its collection is locked first: every write takes the collection before its cases (the collection
 * writes lock it and then update or add cases; a case action bumps the collection's updated_at and a
 * grouped one moves other cases), so two writes in one collection queue instead of deadlocking.
 */
export const loadActionCase = async (tx: Tx, caseId: number | null): Promise<ActionCase> => {
  if (caseId === null) throw caseNotFound();
  // A case never changes collection, so its collection may be found by the case before the locks: one
  // statement finds and locks it.
  const [owner] = await tx
    .select({ uid: collections.uid })
    .from(collections)
    .where(
      eq(
        collections.uid,
        tx.select({ uid: cases.collection_uid }).from(cases).where(eq(cases.case_id, caseId)).limit(1),
      ),
    )
    .for('no key update');
  if (!owner) throw caseNotFound();
  return loadCaseWhere(tx, eq(cases.case_id, caseId));
};

const loadCaseWhere = async (tx: Tx, where: SQL | undefined): Promise<ActionCase> => {
  const [found] = await loadCasesWhere(tx, where, 1);
  if (!found) throw caseNotFound();
  return found;
};

/** The cases matching `where` in case order, each locked like the acted-on case, in one query. */
const loadCasesWhere = async (tx: Tx, where: SQL | undefined, limit?: number): Promise<ActionCase[]> => {
  const query = tx
    .select({
      row: cases,
      status: statusColumns,
      jobTypeName: job_types.name,
      collection: {
        uid: collections.uid,
        collection_id: collections.collection_id,
        fulfillment_branch_id: collections.fulfillment_branch_id,
        shipping_client_id: collections.shipping_client_id,
        billing_client_id: collections.billing_client_id,
        ordering_platform: collections.ordering_platform,
        country: clients.country,
      },
    })
    .from(cases)
    .innerJoin(statuses, eq(statuses.id, cases.status_id))
    .innerJoin(job_types, eq(job_types.id, cases.job_type_id))
    .innerJoin(collections, eq(collections.uid, cases.collection_uid))
    .innerJoin(clients, eq(clients.id, collections.shipping_client_id))
    .where(where)
    .orderBy(asc(cases.ordinal))
    .$dynamic();
  const rows = await (limit === undefined ? query : query.limit(limit)).for('update', { of: cases });
  return rows.map((found) => ({ ...found, status: toStatusRecord(found.status) }));
};

export const findStatus = async (q: Queryable, statusId: number): Promise<StatusRecord | null> => {
  const [row] = await q.select(statusColumns).from(statuses).where(eq(statuses.id, statusId)).limit(1);
  return row ? toStatusRecord(row) : null;
};

/** The first active status of a parent by the catalogue's order, preferring `name` when it exists. */
export const findStatusOfParent = async (
  q: Queryable,
  parent: StatusParent,
  name?: string,
): Promise<StatusRecord | null> => {
  const rows = await q
    .select(statusColumns)
    .from(statuses)
    .where(and(eq(statuses.parent_name, parent), eq(statuses.is_active, true)))
    .orderBy(asc(statuses.sort), asc(statuses.id));
  const chosen = rows.find((r) => r.name === name) ?? rows[0];
  return chosen ? toStatusRecord(chosen) : null;
};

/** The other cases of the collection that share the group number, locked, in case order. */
export const loadGroupedActionCases = async (tx: Tx, actionCase: ActionCase): Promise<ActionCase[]> => {
  const { group_number: groupNumber, collection_uid: collectionUid, uid } = actionCase.row;
  if (groupNumber === null) return [];
  return loadCasesWhere(
    tx,
    and(eq(cases.collection_uid, collectionUid), eq(cases.group_number, groupNumber), ne(cases.uid, uid)),
  );
};
