import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { portalTexts, type PortalCollection } from '@lab/domain';
import { useReadMarking } from '../../../lib/use-read-marking';
import { useMarkPortalMessageRead } from '../api/mark-portal-message-read';
import { PortalComposer } from './portal-composer';
import { PortalMessageBubble } from './portal-message-bubble';
import type { RenderPortalFiles } from './portal-render-props';

// The Messages tab: the conversation by created_at, 'No Messages' when there is none, and the compose
// footer unless read-only. The newest message is at the bottom, next to the composer.

// §9 'Chat scroll delay 600 ms': the bubbles (and their thumbnails) lay out before the page scrolls.
export const chatScrollDelayMs = 600;

type PortalMessagesTabProps = {
  collection: PortalCollection;
  portalKey: string;
  isReadOnly: boolean;
  renderFiles: RenderPortalFiles;
};

export const PortalMessagesTab = ({
  collection,
  portalKey,
  isReadOnly,
  renderFiles,
}: PortalMessagesTabProps) => {
  // Read-only viewers send no receipts (§6).
  const readRefFor = useReadMarking(useMarkPortalMessageRead(portalKey), !isReadOnly);
  const messages = collection.messages.toSorted(
    (a, b) => Date.parse(a.created_at) - Date.parse(b.created_at),
  );
  const hasMessages = messages.length > 0;

  useEffect(() => {
    if (!hasMessages) return undefined;
    const timer = setTimeout(
      () => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'smooth' }),
      chatScrollDelayMs,
    );
    return () => clearTimeout(timer);
  }, [hasMessages]);

  return (
    <Stack spacing={2}>
      {hasMessages ? (
        <Stack spacing={1.5} component="section" aria-label="Conversation">
          {messages.map((message) => (
            <PortalMessageBubble
              key={message.uid}
              message={message}
              renderFiles={renderFiles}
              // The receipt tells the lab the client saw the lab's message; the client's own need none.
              readRef={readRefFor(message.direction === 'OUTBOUND' && !message.message_seen)}
            />
          ))}
        </Stack>
      ) : (
        <Typography color="text.secondary" sx={{ textAlign: 'center', py: 4 }}>
          {portalTexts.noMessages}
        </Typography>
      )}
      {!isReadOnly && <PortalComposer portalKey={portalKey} collectionUid={collection.uid} />}
    </Stack>
  );
};
