import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageSchema, type Message } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { collectionQueryKey } from '../../../lib/query-keys';
import { putMessageIntoCache } from './get-messages';

export type MessageAction = 'resolve' | 'read';

/** PATCH /api/v2/message/{uid}/ with {action}: answers the message as it is now. */
export const patchMessage = (uid: string, action: MessageAction): Promise<Message> =>
  apiClient.request('PATCH', `/api/v2/message/${encodeURIComponent(uid)}/`, {
    body: { action },
    schema: messageSchema,
  });

/** Resolve: the answer replaces the message, and the collection reloads (its alert flags change). */
export const useResolveMessage = (collectionUid: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uid: string) => patchMessage(uid, 'resolve'),
    onSuccess: (message) => {
      putMessageIntoCache(queryClient, collectionUid, message);
      void queryClient.invalidateQueries({ queryKey: collectionQueryKey(collectionUid), exact: true });
    },
  });
};
