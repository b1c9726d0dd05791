import { useMutation, useQueryClient } from '@tanstack/react-query';
import { collectionSchema, type Collection } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { collectionQueryKey } from '../../../lib/query-keys';

export type CollectionToggleAction = 'toggle_vip' | 'toggle_location';

/** POST /api/v2/collection/{uid}/ {action}: flips VIP or location_required; answers the collection. */
export const toggleCollectionFlag = (uid: string, action: CollectionToggleAction): Promise<Collection> =>
  apiClient.post(`/api/v2/collection/${encodeURIComponent(uid)}/`, { action }, collectionSchema);

export const useToggleCollectionFlag = (uid: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: CollectionToggleAction) => toggleCollectionFlag(uid, action),
    onSuccess: (collection) => queryClient.setQueryData(collectionQueryKey(uid), collection),
  });
};
