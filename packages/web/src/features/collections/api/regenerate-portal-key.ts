import { useMutation, useQueryClient } from '@tanstack/react-query';
import { collectionSchema, type Collection } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { collectionQueryKey } from '../../../lib/query-keys';

/** POST /api/v2/collection/{uid}/ {action: regenerate_portal_key} (admin): a new key; the old link dies. */
export const regeneratePortalKey = (uid: string): Promise<Collection> =>
  apiClient.post(
    `/api/v2/collection/${encodeURIComponent(uid)}/`,
    { action: 'regenerate_portal_key' },
    collectionSchema,
  );

export const useRegeneratePortalKey = (uid: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => regeneratePortalKey(uid),
    onSuccess: (collection) => queryClient.setQueryData(collectionQueryKey(uid), collection),
  });
};
