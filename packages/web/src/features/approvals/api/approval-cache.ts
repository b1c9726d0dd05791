import type { QueryClient } from '@tanstack/react-query';
import type { Collection, CollectionApproval } from '@lab/domain';
import { collectionQueryKey } from '../../../lib/query-keys';

/**
 * Every approval call answers the approval as the collection lists it: it goes into the cached
 * collection at once (newest first for a new one), then the collection is refetched, since the case's
 * status, files and messages may have moved with it.
 */
export const putApprovalIntoCollection = (
  queryClient: QueryClient,
  collectionUid: string,
  approval: CollectionApproval,
) => {
  queryClient.setQueryData<Collection>(collectionQueryKey(collectionUid), (collection) => {
    if (!collection) return collection;
    const isKnown = collection.approvals.some((item) => item.uid === approval.uid);
    const approvals = isKnown
      ? collection.approvals.map((item) => (item.uid === approval.uid ? approval : item))
      : [approval, ...collection.approvals];
    return { ...collection, approvals };
  });
  void queryClient.invalidateQueries({ queryKey: collectionQueryKey(collectionUid) });
};
