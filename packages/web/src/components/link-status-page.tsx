import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

// A whole-page message on a page opened by a link (the customer portal, the partner share page) in place
// of what the link shows: a link that is not valid, a cancelled case, a failed load, loading.

type LinkStatusPageProps = {
  title: string;
  text: string;
  tone?: 'neutral' | 'error';
  action?: ReactNode;
};

export const LinkStatusPage = ({ title, text, tone = 'neutral', action }: LinkStatusPageProps) => (
  <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: { xs: 6, sm: 10 } }}>
    <Paper component="main" sx={{ p: { xs: 3, sm: 4 }, maxWidth: 480, width: '100%', textAlign: 'center' }}>
      <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
        <Typography
          variant="h5"
          component="h1"
          sx={{ fontWeight: 700 }}
          color={tone === 'error' ? 'error' : undefined}
        >
          {title}
        </Typography>
        <Typography color="text.secondary">{text}</Typography>
        {action}
      </Stack>
    </Paper>
  </Box>
);

/** The spinner while the page loads; `label` names what it waits for, for screen readers. */
export const LinkLoading = ({ label }: { label: string }) => (
  <Box component="main" sx={{ display: 'flex', justifyContent: 'center', py: 10 }}>
    <CircularProgress aria-label={label} />
  </Box>
);

export const RetryButton = ({ onRetry }: { onRetry: () => void }) => (
  <Button variant="contained" onClick={onRetry}>
    Try again
  </Button>
);
