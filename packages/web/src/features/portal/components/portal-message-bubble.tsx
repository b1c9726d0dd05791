import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Ref } from 'react';
import type { PortalMessage } from '@lab/domain';
import { DateTimeText } from '../../../components/date-time-text';
import type { RenderPortalFiles } from './portal-render-props';

// A message bubble as the client sees it (collection-views §2 'Message bubble'): the client's own
// (INBOUND) on the left, the lab's (OUTBOUND) on the right in the primary colour, each with its author
// and time. The staff bubble carries staff-only parts (types, resolve, blur), so the portal has its own.

type PortalMessageBubbleProps = {
  message: PortalMessage;
  renderFiles: RenderPortalFiles;
  /** Watches the bubble for the read receipt while the message is not yet seen. */
  readRef?: Ref<HTMLDivElement> | undefined;
};

export const PortalMessageBubble = ({ message, renderFiles, readRef }: PortalMessageBubbleProps) => {
  const isFromLab = message.direction === 'OUTBOUND';
  return (
    <Box sx={{ display: 'flex', justifyContent: isFromLab ? 'flex-end' : 'flex-start' }}>
      <Paper
        ref={readRef}
        elevation={0}
        data-message-uid={message.uid}
        data-direction={message.direction}
        aria-label={`Message from ${message.author_reference}`}
        sx={{
          maxWidth: { xs: '88%', sm: '75%' },
          minWidth: 160,
          px: 1.5,
          py: 1,
          borderRadius: 2,
          ...(isFromLab
            ? { bgcolor: 'primary.main', color: 'primary.contrastText', borderBottomRightRadius: 4 }
            : { bgcolor: 'grey.200', color: 'text.primary', borderBottomLeftRadius: 4 }),
        }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Typography variant="subtitle2" component="span">
            {message.author_reference}
          </Typography>
          <Typography variant="caption" component="span" sx={{ opacity: 0.85, ml: 'auto' }}>
            <DateTimeText iso={message.created_at} />
          </Typography>
        </Stack>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.5 }}>
          {message.note}
        </Typography>
        {message.attachments.length > 0 && (
          <Box sx={{ mt: 1, p: 0.5, borderRadius: 1, bgcolor: 'background.paper', color: 'text.primary' }}>
            {renderFiles(
              message.attachments.map((attachment) => ({
                type: 'message_attachment',
                id: attachment.uid,
                fileName: attachment.file_name,
              })),
            )}
          </Box>
        )}
      </Paper>
    </Box>
  );
};
