import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { PortalMessage } from '@lab/domain';
import { keyLinkRequest } from '../../../lib/key-link-fetch';
import type { MarkRead } from '../../../lib/use-read-marking';
import { putMessageIntoCache } from './get-portal-collection';
import { portalPath } from './portal-path';
import { portalMessageAnswerParser } from './portal-schemas';

// PATCH /api/v2/customer/{key}/message/{uid}/ {action: 'read'}: answers the message, now seen. Sent in
// batches by the read-marking hook, not as a mutation per message.

export const markPortalMessageRead = (portalKey: string, messageUid: string): Promise<PortalMessage> =>
  keyLinkRequest('PATCH', portalPath(portalKey, 'message', messageUid), {
    body: { action: 'read' },
    schema: portalMessageAnswerParser,
  });

/** The portal's read marking: each answer, now seen, replaces the message in the cached collection. */
export const useMarkPortalMessageRead = (portalKey: string): MarkRead => {
  const queryClient = useQueryClient();
  return useCallback(
    (uid: string) =>
      markPortalMessageRead(portalKey, uid).then((message) =>
        putMessageIntoCache(queryClient, portalKey, message),
      ),
    [portalKey, queryClient],
  );
};
