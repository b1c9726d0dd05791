import { useMutation, useQueryClient } from '@tanstack/react-query';
import { collectionSchema, type Collection, type NewDispatch } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { collectionQueryKey } from '../../../lib/query-keys';

/** POST /api/v2/collection/{uid}/dispatches/: answers the collection with the dispatch and moved cases. */
export const createDispatch = (uid: string, body: NewDispatch): Promise<Collection> =>
  apiClient.postOnce(`/api/v2/collection/${encodeURIComponent(uid)}/dispatches/`, body, collectionSchema);

export const useCreateDispatch = (uid: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewDispatch) => createDispatch(uid, body),
    // The answer is the whole collection as it is now: it replaces the cached one.
    onSuccess: (collection) => queryClient.setQueryData(collectionQueryKey(uid), collection),
  });
};
