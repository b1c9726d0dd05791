import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import type { ComponentProps, FormEvent, ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';

// What the manual and the integrated New Outsource Job forms share: the form around their fields, the
// sending state and the refusal under them, the Cancel / Start row (the manual form adds Plan) and the
// Move to Design question.

type OutsourceFormFrameProps = {
  /** The form's fields. */
  children: ReactNode;
  isBusy: boolean;
  /** The refused call's message (the form's root error). */
  error: string | undefined;
  /** The Move to Design question of useDesignMoveConfirm. */
  designConfirm: Omit<ComponentProps<typeof ConfirmDialog>, 'isBusy'>;
  /** The start is on its way (the Move to Design question waits for it). */
  isStarting: boolean;
  /** A button between Cancel and Start. */
  extraAction?: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
};

export const OutsourceFormFrame = ({
  children,
  isBusy,
  error,
  designConfirm,
  isStarting,
  extraAction,
  onSubmit,
  onCancel,
}: OutsourceFormFrameProps) => (
  <form noValidate onSubmit={onSubmit}>
    <DialogContent dividers>
      <Stack spacing={2}>
        {children}
        {isBusy && <LinearProgress aria-label="Sending outsource job" />}
        {error && <Alert severity="error">{error}</Alert>}
      </Stack>
    </DialogContent>
    <DialogActions>
      <Button onClick={onCancel} disabled={isBusy}>
        Cancel
      </Button>
      {extraAction}
      <Button type="submit" variant="contained" disabled={isBusy}>
        Start
      </Button>
    </DialogActions>
    <ConfirmDialog {...designConfirm} isBusy={isStarting} />
  </form>
);
