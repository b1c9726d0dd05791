import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { messageSchema, type Message } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { collectionQueryKey } from '../../../lib/query-keys';
import type { MarkRead } from '../../../lib/use-read-marking';
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

/** Read (sent in batches by the read marking): the answer, now seen, replaces the message in the cache. */
export const useMarkMessageRead = (collectionUid: string): MarkRead => {
  const queryClient = useQueryClient();
  return useCallback(
    (uid: string) =>
      patchMessage(uid, 'read').then((message) => putMessageIntoCache(queryClient, collectionUid, message)),
    [collectionUid, queryClient],
  );
};
