import type { Ref } from 'react';
import type { PortalMessage } from '@lab/domain';
import { LinkMessageBubble } from '../../../components/link-message-bubble';
import type { RenderPortalFiles } from './portal-render-props';

// A message bubble as the client sees it (collection-views §2 'Message bubble'): the client's own
// (INBOUND) on the left, the lab's (OUTBOUND) on the right in the primary colour, each with its author
// and time, and the message's attachments under the note.

type PortalMessageBubbleProps = {
  message: PortalMessage;
  renderFiles: RenderPortalFiles;
  /** Watches the bubble for the read receipt while the message is not yet seen. */
  readRef?: Ref<HTMLDivElement> | undefined;
};

export const PortalMessageBubble = ({ message, renderFiles, readRef }: PortalMessageBubbleProps) => (
  <LinkMessageBubble
    message={message}
    side={message.direction === 'OUTBOUND' ? 'right' : 'left'}
    bubbleRef={readRef}
    attachments={
      message.attachments.length > 0
        ? renderFiles(
            message.attachments.map((attachment) => ({
              type: 'message_attachment',
              id: attachment.uid,
              fileName: attachment.file_name,
            })),
          )
        : undefined
    }
  />
);
