import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { integratedRedoPayloadSchema } from '@lab/domain';
import { usePauseAutoRefresh } from '../../../lib/auto-refresh';
import { useRedoIntegratedOutsource } from '../api/redo-integrated-outsource';
import { readServerError } from '../server-errors';

export type RequestRedoDialogProps = {
  isOpen: boolean;
  collectionUid: string;
  caseId: number;
  outsourceId: number;
  onClose: () => void;
};

/** Request Outsource Redo (case-workspace §2): notes for the integrated partner ('Cannot be blank'). */
export const RequestRedoDialog = ({ isOpen, onClose, ...formProps }: RequestRedoDialogProps) => {
  usePauseAutoRefresh(isOpen);
  const titleId = useId();
  return (
    <Dialog open={isOpen} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Request Outsource Redo</DialogTitle>
      {/* Mounted only while open: each opening starts from blank notes. */}
      {isOpen && <RequestRedoForm {...formProps} onClose={onClose} />}
    </Dialog>
  );
};

type RedoValues = { Notes: string };

const notesField = new Set(['Notes', 'note']);

const RequestRedoForm = ({
  collectionUid,
  caseId,
  outsourceId,
  onClose,
}: Omit<RequestRedoDialogProps, 'isOpen'>) => {
  const redo = useRedoIntegratedOutsource(collectionUid, caseId);
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RedoValues>({
    resolver: zodResolver(integratedRedoPayloadSchema),
    defaultValues: { Notes: '' },
  });

  const handleValid = async ({ Notes }: RedoValues) => {
    try {
      await redo.mutateAsync({ outsource_id: outsourceId, note: Notes, payload: { Notes } });
      onClose();
    } catch (error) {
      const { fields, message } = readServerError(error, notesField);
      if (fields.length > 0) for (const [, text] of fields) setError('Notes', { message: text });
      else setError('root', { message });
    }
  };

  const isBusy = isSubmitting || redo.isPending;
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(handleValid)(event)}>
      <DialogContent dividers>
        <Controller
          control={control}
          name="Notes"
          render={({ field }) => (
            <TextField
              {...field}
              fullWidth
              required
              multiline
              minRows={4}
              label="Notes"
              error={Boolean(errors.Notes)}
              helperText={errors.Notes?.message}
            />
          )}
        />
        {errors.root?.message && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errors.root.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isBusy}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={isBusy}>
          Request Redo
        </Button>
      </DialogActions>
    </form>
  );
};
