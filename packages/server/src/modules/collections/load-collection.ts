import type { Collection, CollectionCase } from '@lab/domain';
import type { Queryable } from '../../db/client';
import { readCombined } from '../../db/combined-read';
import { collectionNotFound, findUserNames, parseCollectionUid } from './collection-queries';
import {
  caseChildrenOf,
  collectionCaseParts,
  collectionChildrenOf,
  collectionParts,
  mentionedUserIds,
} from './load-collection-children';
import { presentCollection, presentCollectionCase } from './present-collection';

/**
 * GET /api/v2/collection/{uid}/ in two statements whatever the number of cases: the collection, its cases
 * and each child table once for all of them in one (load-collection-children.ts), then the names of the
 * employees mentioned. The rows are assembled in memory by the presenters.
 */
export const loadCollection = async (db: Queryable, rawUid: string): Promise<Collection> => {
  const rows = await readCombined(db, 'collection_load', collectionParts, {
    uid: parseCollectionUid(rawUid),
  });
  const [collection] = rows.collection;
  if (!collection) throw collectionNotFound();
  const children = collectionChildrenOf(rows);
  const userNames = await findUserNames(db, mentionedUserIds(rows.caseRows, children));
  return presentCollection({ collection, caseRows: rows.caseRows, children, userNames });
};

/**
 * One case exactly as GET /api/v2/collection/{uid}/ lists it (the answer of every case action), null
 * when the case is not in the collection: its collection's case rows (its group), and only its own
 * children, not its siblings' nor the collection's history.
 */
export const loadCollectionCase = async (
  db: Queryable,
  collectionUid: string,
  caseUid: string,
): Promise<CollectionCase | null> => {
  const rows = await readCombined(db, 'collection_case_load', collectionCaseParts, {
    uid: collectionUid,
    uids: [caseUid],
  });
  const [collection] = rows.collection;
  const caseRow = rows.caseRows.find((r) => r.case.uid === caseUid);
  if (!collection || !caseRow) return null;
  const children = caseChildrenOf(rows);
  const userNames = await findUserNames(db, mentionedUserIds([caseRow], children));
  return presentCollectionCase({ collection, caseRows: rows.caseRows, children, userNames }, caseRow);
};
