import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OutsourceMessage } from '@lab/domain';
import { DateTimeText } from '../../../components/date-time-text';

/** The conversation with the partner: the lab's messages on the right, the partner's on the left. */
export const OutsourceMessages = ({ messages }: { messages: readonly OutsourceMessage[] }) => {
  if (messages.length === 0) return null;
  return (
    <Stack spacing={1} component="ol" aria-label="Partner messages" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {messages.map((message) => {
        const fromLab = message.direction !== 'INBOUND';
        return (
          <Box
            component="li"
            key={message.uid}
            sx={{
              alignSelf: fromLab ? 'flex-end' : 'flex-start',
              maxWidth: '80%',
              px: 1.5,
              py: 1,
              borderRadius: 2,
              bgcolor: fromLab ? 'primary.main' : 'grey.100',
              color: fromLab ? 'primary.contrastText' : 'text.primary',
            }}
          >
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
              {message.note}
            </Typography>
            <Typography variant="caption" sx={{ opacity: 0.8 }}>
              {message.author_reference} · <DateTimeText iso={message.created_at} />
            </Typography>
          </Box>
        );
      })}
    </Stack>
  );
};
