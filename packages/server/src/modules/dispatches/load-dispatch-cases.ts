import { asc, eq, inArray } from 'drizzle-orm';
import { AppError, dispatchMessages } from '@lab/domain';
import type { Tx } from '../../db/client';
import { cases, collections } from '../../db/schema/index';
import { collectionNotFound, parseCollectionUid } from '../collections/collection-queries';
import { loadActionCase, type ActionCase } from '../cases/kernel';

// The load step of a new dispatch: the collection, locked, and the chosen cases, each locked through the
// cases kernel (collection first, then the case, as every case write does) and checked to be ready.

export type DispatchCollection = { uid: string; fulfillment_branch_id: number | null };

/** The collection by its uid, locked for the rest of the transaction; 404 when there is none. */
export const lockDispatchCollection = async (tx: Tx, rawUid: string): Promise<DispatchCollection> => {
  const uid = parseCollectionUid(rawUid);
  const [row] = await tx
    .select({ uid: collections.uid, fulfillment_branch_id: collections.fulfillment_branch_id })
    .from(collections)
    .where(eq(collections.uid, uid))
    .for('no key update');
  if (!row) throw collectionNotFound();
  return row;
};

const notInCollection = (): AppError =>
  new AppError('not_found', { message: dispatchMessages.caseNotInCollection });

/**
 * The chosen cases in case-key order (so two dispatches lock them in the same order), each locked. A case
 * of another collection, or none at all, is 404; one whose status is not dispatch-ready (or that is
 * dispatched or cancelled already) is 409.
 */
export const loadDispatchCases = async (
  tx: Tx,
  collection: DispatchCollection,
  caseUids: readonly string[],
): Promise<ActionCase[]> => {
  const wanted = [...new Set(caseUids.map((uid) => uid.toLowerCase()))];
  const owners = await tx
    .select({ uid: cases.uid, case_id: cases.case_id, collection_uid: cases.collection_uid })
    .from(cases)
    .where(inArray(cases.uid, wanted))
    .orderBy(asc(cases.case_mkey));
  const isMine = owners.every((owner) => owner.collection_uid === collection.uid);
  if (owners.length !== wanted.length || !isMine) throw notInCollection();
  const loaded: ActionCase[] = [];
  for (const owner of owners) {
    const actionCase = await loadActionCase(tx, owner.case_id);
    const { row, status } = actionCase;
    if (!status.dispatch_ready || row.dispatched || row.cancelled) {
      throw new AppError('conflict', { message: dispatchMessages.notReady });
    }
    loaded.push(actionCase);
  }
  return loaded;
};
