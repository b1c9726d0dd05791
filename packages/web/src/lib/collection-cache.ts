import type { QueryClient } from '@tanstack/react-query';
import type { Collection, CollectionCase } from '@lab/domain';
import { collectionQueryKey } from './query-keys';

/**
 * Puts a case answered by a case action into the cached collection (a new case, e.g. a redo, is
 * appended). Shared here because several features act on cases and features never import each other.
 */
export const putCaseIntoCollection = (
  queryClient: QueryClient,
  collectionUid: string,
  caseItem: CollectionCase,
) => {
  queryClient.setQueryData<Collection>(collectionQueryKey(collectionUid), (collection) => {
    if (!collection) return collection;
    const isKnown = collection.cases.some((item) => item.uid === caseItem.uid);
    const cases = isKnown
      ? collection.cases.map((item) => (item.uid === caseItem.uid ? caseItem : item))
      : [...collection.cases, caseItem];
    return { ...collection, cases };
  });
  // Other cases may have moved too (related cases, groups): the next load brings them.
  void queryClient.invalidateQueries({ queryKey: collectionQueryKey(collectionUid) });
};
