import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PortalMessage } from '@lab/domain';
import { keyLinkRequest } from '../../../lib/key-link-fetch';
import { putMessageIntoCache, refetchPortalCollection } from './get-portal-collection';
import { portalPath } from './portal-path';
import { portalMessageAnswerParser } from './portal-schemas';

// POST /api/v2/customer/{key}/message/ (multipart: note, case_collection_uid, repeated attachments).

export type PortalMessageDraft = { note: string; collectionUid: string; attachments: readonly File[] };

export const postPortalMessage = (portalKey: string, draft: PortalMessageDraft): Promise<PortalMessage> => {
  const form = new FormData();
  form.append('note', draft.note.trim());
  form.append('case_collection_uid', draft.collectionUid);
  for (const file of draft.attachments) form.append('attachments', file, file.name);
  return keyLinkRequest('POST', portalPath(portalKey, 'message'), {
    body: form,
    schema: portalMessageAnswerParser,
    retrySafely: true,
  });
};

/** On success the message shows at once and the collection reloads (§7: reload collection). */
export const usePostPortalMessage = (portalKey: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: PortalMessageDraft) => postPortalMessage(portalKey, draft),
    onSuccess: (message) => {
      putMessageIntoCache(queryClient, portalKey, message);
      void refetchPortalCollection(queryClient, portalKey);
    },
  });
};
