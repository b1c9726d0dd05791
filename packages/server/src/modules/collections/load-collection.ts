import type { Collection, CollectionCase } from '@lab/domain';
import type { Queryable } from '../../db/client';
import { findCaseRows } from './case-queries';
import {
  collectionNotFound,
  findCollectionRow,
  findUserNames,
  parseCollectionUid,
} from './collection-queries';
import { loadCaseChildren, loadCollectionChildren, mentionedUserIds } from './load-collection-children';
import { presentCollection, presentCollectionCase } from './present-collection';

/**
 * GET /api/v2/collection/{uid}/ with a fixed number of statements whatever the number of cases: the
 * collection, its cases, each child table once for all cases (`inArray`), then the names of the
 * employees mentioned. The rows are assembled in memory by the presenters.
 */
export const loadCollection = async (db: Queryable, rawUid: string): Promise<Collection> => {
  const collection = await findCollectionRow(db, parseCollectionUid(rawUid));
  if (!collection) throw collectionNotFound();
  const caseRows = await findCaseRows(db, collection.collection.uid);
  const children = await loadCollectionChildren(db, collection, caseRows);
  const userNames = await findUserNames(db, mentionedUserIds(caseRows, children));
  return presentCollection({ collection, caseRows, children, userNames });
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
  const collection = await findCollectionRow(db, collectionUid);
  if (!collection) return null;
  const caseRows = await findCaseRows(db, collectionUid);
  const caseRow = caseRows.find((r) => r.case.uid === caseUid);
  if (!caseRow) return null;
  const children = await loadCaseChildren(db, collection, [caseRow]);
  const userNames = await findUserNames(db, mentionedUserIds([caseRow], children));
  return presentCollectionCase({ collection, caseRows, children, userNames }, caseRow);
};
