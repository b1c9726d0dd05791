import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import SendIcon from '@mui/icons-material/Send';
import { useState } from 'react';
import { isPartnerError, partnerErrorText } from '../api/partner-fetch';
import { usePostPartnerMessage } from '../api/post-partner-message';

// The compose box: an empty message is not sent, so Send waits for text. Sent: the box clears.

export const PartnerComposer = ({ outsourceKey }: { outsourceKey: string }) => {
  const post = usePostPartnerMessage(outsourceKey);
  const [message, setMessage] = useState('');
  const canSend = message.trim() !== '' && !post.isPending;
  const fieldError = isPartnerError(post.error) ? post.error.fields?.['message'] : undefined;
  const otherError = post.isError && !fieldError ? partnerErrorText(post.error) : null;

  const handleSend = () => {
    if (!canSend) return;
    post.mutate(message, { onSuccess: () => setMessage('') });
  };

  return (
    <Stack
      component="form"
      spacing={1}
      aria-label="Send a message"
      onSubmit={(event) => event.preventDefault()}
    >
      {otherError && <Alert severity="error">{otherError}</Alert>}
      <TextField
        label="Message"
        placeholder="Write a message to the lab"
        multiline
        minRows={2}
        maxRows={8}
        fullWidth
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        error={fieldError !== undefined}
        helperText={fieldError}
        disabled={post.isPending}
      />
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button
          variant="contained"
          onClick={handleSend}
          disabled={!canSend}
          endIcon={post.isPending ? <CircularProgress size={16} color="inherit" /> : <SendIcon />}
        >
          Send
        </Button>
      </Stack>
    </Stack>
  );
};
