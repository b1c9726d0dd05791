import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PartnerMessage } from '@lab/domain';
import { DateTimeText } from '../../../components/date-time-text';

// A message as the partner sees it: the partner's own (INBOUND) on the right in the primary colour, the
// lab's (OUTBOUND) on the left, each with its author and time.

export const PartnerMessageBubble = ({ message }: { message: PartnerMessage }) => {
  const isOwn = message.direction === 'INBOUND';
  return (
    <Box sx={{ display: 'flex', justifyContent: isOwn ? 'flex-end' : 'flex-start' }}>
      <Paper
        elevation={0}
        data-message-uid={message.uid}
        data-direction={message.direction}
        aria-label={`Message from ${message.author_reference}`}
        sx={{
          maxWidth: { xs: '88%', sm: '80%' },
          minWidth: 160,
          px: 1.5,
          py: 1,
          borderRadius: 2,
          ...(isOwn
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
      </Paper>
    </Box>
  );
};
