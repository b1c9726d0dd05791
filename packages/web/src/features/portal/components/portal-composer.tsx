import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import SendIcon from '@mui/icons-material/Send';
import { useState } from 'react';
import { usePostPortalMessage } from '../api/post-portal-message';
import { isPortalError, portalErrorText } from '../api/portal-fetch';
import { ChosenFiles } from './chosen-files';

// The compose footer (collection-views §2, §5 'Chat compose'): a note and optional attachments. An empty
// note is not sent — attachments alone are not enough — so Send waits for text. Sent: the form clears
// and the collection reloads.

type PortalComposerProps = { portalKey: string; collectionUid: string };

export const PortalComposer = ({ portalKey, collectionUid }: PortalComposerProps) => {
  const post = usePostPortalMessage(portalKey);
  const [note, setNote] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const canSend = note.trim() !== '' && !post.isPending;
  const fields = isPortalError(post.error) ? post.error.fields : undefined;
  const noteError = fields?.['note'];
  const otherError =
    post.isError && !noteError
      ? fields
        ? Object.values(fields).join(' ')
        : portalErrorText(post.error)
      : null;

  const handleSend = () => {
    if (!canSend) return;
    post.mutate(
      { note, collectionUid, attachments: files },
      {
        onSuccess: () => {
          setNote('');
          setFiles([]);
        },
      },
    );
  };

  return (
    <Paper component="section" aria-label="Send a message" variant="outlined" sx={{ p: 1.5 }}>
      <Stack spacing={1}>
        {otherError && <Alert severity="error">{otherError}</Alert>}
        <TextField
          label="Message"
          placeholder="Write a message to the lab"
          multiline
          minRows={2}
          maxRows={8}
          fullWidth
          value={note}
          onChange={(event) => setNote(event.target.value)}
          error={noteError !== undefined}
          helperText={noteError}
          disabled={post.isPending}
        />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
          <ChosenFiles
            files={files}
            inputLabel="Attach files"
            buttonText="Attach files"
            isDisabled={post.isPending}
            onChange={setFiles}
          />
          <Button
            variant="contained"
            onClick={handleSend}
            disabled={!canSend}
            endIcon={post.isPending ? <CircularProgress size={16} color="inherit" /> : <SendIcon />}
            sx={{ flexShrink: 0 }}
          >
            Send
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
};
