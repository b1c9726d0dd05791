import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import LinearProgress from '@mui/material/LinearProgress';
import type { ReactNode } from 'react';

// What the manual and the integrated New Outsource Job forms share: the sending state under the fields
// and the dialog's Cancel / Start row (the manual form adds Plan).

export const OutsourceFormStatus = ({ isBusy, error }: { isBusy: boolean; error: string | undefined }) => (
  <>
    {isBusy && <LinearProgress aria-label="Sending outsource job" />}
    {error && <Alert severity="error">{error}</Alert>}
  </>
);

type OutsourceFormActionsProps = { isBusy: boolean; onCancel: () => void; extra?: ReactNode };

export const OutsourceFormActions = ({ isBusy, onCancel, extra }: OutsourceFormActionsProps) => (
  <DialogActions>
    <Button onClick={onCancel} disabled={isBusy}>
      Cancel
    </Button>
    {extra}
    <Button type="submit" variant="contained" disabled={isBusy}>
      Start
    </Button>
  </DialogActions>
);
