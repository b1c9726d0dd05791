import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { usePauseAutoRefresh } from '../lib/auto-refresh';

type ManualCopyDialogProps = {
  isOpen: boolean;
  text: string;
  onClose: () => void;
};

/** When the browser would not copy: the text, selected, for the user to copy with the keyboard. */
export const ManualCopyDialog = ({ isOpen, text, onClose }: ManualCopyDialogProps) => {
  usePauseAutoRefresh(isOpen);
  const titleId = useId();
  return (
    <Dialog open={isOpen} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Copy</DialogTitle>
      <DialogContent>
        <TextField
          label="Text to copy"
          value={text}
          fullWidth
          multiline
          maxRows={4}
          autoFocus
          margin="dense"
          onFocus={(event) => event.target.select()}
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
        />
        <DialogContentText sx={{ mt: 1 }}>Press Ctrl+C to copy, then close this box.</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
};
