import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode, Ref } from 'react';
import type { PartnerMessage } from '@lab/domain';
import { DateTimeText } from './date-time-text';

// A message bubble on a page opened by a link (the customer portal, the partner share page): its author
// and time over the note. Which party stands on which side is the page's call, so the page says `side`;
// the right-hand bubble is in the primary colour, the left-hand one grey. The staff bubble carries
// staff-only parts (types, resolve, blur), so these pages share this one instead.

/** What a bubble shows: the fields every link page's message has. */
export type LinkMessage = Pick<
  PartnerMessage,
  'uid' | 'direction' | 'author_reference' | 'note' | 'created_at'
>;

type LinkMessageBubbleProps = {
  message: LinkMessage;
  side: 'left' | 'right';
  /** The bubble's widest share of the row from the sm breakpoint up. */
  smMaxWidth?: string;
  /** Files under the note (none: no box), on the paper colour so they read on either bubble. */
  attachments?: ReactNode;
  /** Watches the bubble, e.g. for a read receipt. */
  bubbleRef?: Ref<HTMLDivElement> | undefined;
};

export const LinkMessageBubble = ({
  message,
  side,
  smMaxWidth = '75%',
  attachments,
  bubbleRef,
}: LinkMessageBubbleProps) => (
  <Box sx={{ display: 'flex', justifyContent: side === 'right' ? 'flex-end' : 'flex-start' }}>
    <Paper
      ref={bubbleRef}
      elevation={0}
      data-message-uid={message.uid}
      data-direction={message.direction}
      aria-label={`Message from ${message.author_reference}`}
      sx={{
        maxWidth: { xs: '88%', sm: smMaxWidth },
        minWidth: 160,
        px: 1.5,
        py: 1,
        borderRadius: 2,
        ...(side === 'right'
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
      {attachments !== undefined && (
        <Box sx={{ mt: 1, p: 0.5, borderRadius: 1, bgcolor: 'background.paper', color: 'text.primary' }}>
          {attachments}
        </Box>
      )}
    </Paper>
  </Box>
);
