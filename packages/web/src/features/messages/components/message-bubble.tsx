import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode, Ref } from 'react';
import type { Message } from '@lab/domain';
import { DateTimeText } from '../../../components/date-time-text';

// A message bubble (collection-views §2 'Message bubble'): inbound on the left, outbound on the right in
// the primary colour. Staff notes (STATIC: they go to nobody) sit in the middle in a neutral colour, so
// a glance tells a conversation with the client from the lab's own notes.

export type AttachmentListRequest = {
  messageUid: string;
  attachments: Message['attachments'];
  /** STAFF-only messages hold note attachments; every other message holds message attachments. */
  type: 'note_attachment' | 'message_attachment';
  /** After a blur or a restore the messages are loaded again. */
  onChanged: () => void;
};

/** The page renders the attachments (features/files' list); the messages feature only asks for it. */
export type RenderAttachments = (request: AttachmentListRequest) => ReactNode;

export type MessageBubbleProps = {
  message: Message;
  typeName: string;
  /** The case's key and job type, shown where the list spans the whole collection. */
  caseLabel: string | null;
  isHighlighted: boolean;
  renderAttachments: RenderAttachments;
  onAttachmentsChanged: () => void;
  onResolve: (message: Message) => void;
  /** Watches the bubble for read marking while the message is not yet seen. */
  readRef?: Ref<HTMLDivElement> | undefined;
};

const placement = {
  INBOUND: { justifyContent: 'flex-start', bgcolor: 'grey.100', color: 'text.primary' },
  OUTBOUND: { justifyContent: 'flex-end', bgcolor: 'primary.main', color: 'primary.contrastText' },
  STATIC: { justifyContent: 'center', bgcolor: 'background.default', color: 'text.primary' },
} as const;

export const attachmentTypeOf = (message: Pick<Message, 'visibility'>): AttachmentListRequest['type'] =>
  message.visibility === 'STAFF' ? 'note_attachment' : 'message_attachment';

export const MessageBubble = ({
  message,
  typeName,
  caseLabel,
  isHighlighted,
  renderAttachments,
  onAttachmentsChanged,
  onResolve,
  readRef,
}: MessageBubbleProps) => {
  const look = placement[message.direction];
  const isOutbound = message.direction === 'OUTBOUND';
  return (
    <Box sx={{ display: 'flex', justifyContent: look.justifyContent }}>
      <Paper
        ref={readRef}
        elevation={0}
        variant={message.direction === 'STATIC' ? 'outlined' : 'elevation'}
        data-message-uid={message.uid}
        data-highlighted={isHighlighted ? 'true' : undefined}
        aria-label={`Message from ${message.author_reference}`}
        sx={{
          maxWidth: '75%',
          minWidth: 220,
          px: 1.5,
          py: 1,
          borderRadius: 2,
          bgcolor: isHighlighted && !isOutbound ? 'warning.light' : look.bgcolor,
          color: look.color,
          outline: isHighlighted ? 3 : 0,
          outlineColor: 'warning.main',
          outlineOffset: 1,
        }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Typography variant="subtitle2" component="span">
            {message.author_reference}
          </Typography>
          {message.recipient_reference && (
            <Typography variant="caption" component="span" sx={{ opacity: 0.85 }}>
              to {message.recipient_reference}
            </Typography>
          )}
          <Typography variant="caption" component="span" sx={{ opacity: 0.85, ml: 'auto' }}>
            <DateTimeText iso={message.created_at} />
          </Typography>
        </Stack>
        <Stack direction="row" spacing={0.5} sx={{ my: 0.5, flexWrap: 'wrap', rowGap: 0.5 }}>
          <Chip
            size="small"
            variant="outlined"
            label={typeName}
            sx={{ color: 'inherit', borderColor: 'currentColor' }}
          />
          {caseLabel && (
            <Chip
              size="small"
              variant="outlined"
              label={caseLabel}
              sx={{ color: 'inherit', borderColor: 'currentColor' }}
            />
          )}
        </Stack>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.note}
        </Typography>
        {message.attachments.length > 0 && (
          <Box sx={{ mt: 1, p: 0.5, borderRadius: 1, bgcolor: 'background.paper', color: 'text.primary' }}>
            {renderAttachments({
              messageUid: message.uid,
              attachments: message.attachments,
              type: attachmentTypeOf(message),
              onChanged: onAttachmentsChanged,
            })}
          </Box>
        )}
        {message.resolvable &&
          (message.resolved_at ? (
            <Typography variant="caption" component="div" sx={{ mt: 0.5, opacity: 0.85 }}>
              Resolved by {message.resolved_by ?? '—'} at <DateTimeText iso={message.resolved_at} />
            </Typography>
          ) : (
            <Box sx={{ mt: 0.5, textAlign: 'right' }}>
              <Button
                size="small"
                variant={isOutbound ? 'outlined' : 'contained'}
                color={isOutbound ? 'inherit' : 'primary'}
                onClick={() => onResolve(message)}
              >
                Resolve
              </Button>
            </Box>
          ))}
      </Paper>
    </Box>
  );
};
