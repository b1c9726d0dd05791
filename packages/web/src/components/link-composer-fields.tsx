import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import SendIcon from '@mui/icons-material/Send';
import type { ReactNode } from 'react';

// The inside of the compose footer on a page opened by a link (the customer portal, the partner share
// page): a failure, the message field, then Send beside whatever the page adds (the portal's attachments).
// An empty message is not sent, so Send waits for text. The page owns the form around it, the state and
// the post, since what it posts differs; the fields come as a fragment so they sit in the page's Stack.

type LinkComposerFieldsProps = {
  note: string;
  onNoteChange: (note: string) => void;
  /** Called only when there is text and no send is under way. */
  onSend: () => void;
  isPending: boolean;
  /** The server's message about the note itself, under the field. */
  noteError: string | undefined;
  /** Any other failure, above the field. */
  otherError: string | null;
  /** Beside Send, left of it (e.g. the attachment picker); none: Send alone at the right. */
  extra?: ReactNode;
};

export const LinkComposerFields = ({
  note,
  onNoteChange,
  onSend,
  isPending,
  noteError,
  otherError,
  extra,
}: LinkComposerFieldsProps) => {
  const canSend = note.trim() !== '' && !isPending;
  return (
    <>
      {otherError && <Alert severity="error">{otherError}</Alert>}
      <TextField
        label="Message"
        placeholder="Write a message to the lab"
        multiline
        minRows={2}
        maxRows={8}
        fullWidth
        value={note}
        onChange={(event) => onNoteChange(event.target.value)}
        error={noteError !== undefined}
        helperText={noteError}
        disabled={isPending}
      />
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'flex-start', justifyContent: extra === undefined ? 'flex-end' : 'space-between' }}
      >
        {extra}
        <Button
          variant="contained"
          onClick={() => {
            if (canSend) onSend();
          }}
          disabled={!canSend}
          endIcon={isPending ? <CircularProgress size={16} color="inherit" /> : <SendIcon />}
          sx={{ flexShrink: 0 }}
        >
          Send
        </Button>
      </Stack>
    </>
  );
};
