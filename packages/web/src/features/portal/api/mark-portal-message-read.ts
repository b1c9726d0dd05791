import { portalMessageAnswerSchema, type PortalMessage } from '@lab/domain';
import { keyLinkRequest } from '../../../lib/key-link-fetch';
import { portalPath } from './portal-path';

// PATCH /api/v2/customer/{key}/message/{uid}/ {action: 'read'}: answers the message, now seen. Sent in
// batches by the read-marking hook, not as a mutation per message.

export const markPortalMessageRead = (portalKey: string, messageUid: string): Promise<PortalMessage> =>
  keyLinkRequest('PATCH', portalPath(portalKey, 'message', messageUid), {
    body: { action: 'read' },
    schema: portalMessageAnswerSchema,
  });
