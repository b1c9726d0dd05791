import type { Collection } from '@lab/domain';
import type { Queryable } from '../../db/client';
import { findCaseRows } from './case-queries';
import {
  collectionNotFound,
  findCollectionRow,
  findUserNames,
  parseCollectionUid,
} from './collection-queries';
import { loadCollectionChildren, mentionedUserIds } from './load-collection-children';
import { presentCollection } from './present-collection';

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
