import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { partnerTexts, type PartnerJob } from '@lab/domain';
import { PartnerComposer } from './partner-composer';
import { PartnerMessageBubble } from './partner-message-bubble';

// The job's conversation with the lab, oldest first, kept scrolled to the newest; the compose box below
// while the job is open.

export const PartnerMessagesCard = ({ outsourceKey, job }: { outsourceKey: string; job: PartnerJob }) => {
  const listRef = useRef<HTMLDivElement>(null);
  const count = job.messages.length;

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [count]);

  return (
    <Card component="section" aria-label="Messages">
      <CardHeader title="Messages" slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>
        <Box ref={listRef} sx={{ maxHeight: { xs: '55vh', md: '60vh' }, overflowY: 'auto', pr: 0.5 }}>
          {count === 0 ? (
            <Typography color="text.secondary" variant="body2" sx={{ textAlign: 'center', py: 3 }}>
              {partnerTexts.noMessages}
            </Typography>
          ) : (
            <Stack spacing={1} role="log" aria-label="Message history">
              {job.messages.map((message) => (
                <PartnerMessageBubble key={message.uid} message={message} />
              ))}
            </Stack>
          )}
        </Box>
        {!job.ended && (
          <>
            <Divider sx={{ my: 2 }} />
            <PartnerComposer outsourceKey={outsourceKey} />
          </>
        )}
      </CardContent>
    </Card>
  );
};
