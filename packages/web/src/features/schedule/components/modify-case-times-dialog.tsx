import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import type { CollectionCase, Schedule } from '@lab/domain';
import { SchedulePanel } from '../../../components/schedule-panel/schedule-panel';
import { isApiError } from '../../../lib/api-client';
import { usePauseAutoRefresh } from '../../../lib/auto-refresh';
import { usePreviewCaseTimes } from '../api/preview-case-times';
import { useUpdateCaseTimes } from '../api/update-case-times';
import {
  readCaseTimesFieldErrors,
  validateCaseTimes,
  type CaseTimesErrors,
  type CaseTimesForm,
} from '../case-times-form';
import { toLabTimeInput } from '../../../lib/lab-time-input';

/** Spec §9: 'Modify-times dialog max width 800'. */
const dialogMaxWidth = 800;

export type ModifyCaseTimesDialogProps = {
  collectionUid: string;
  caseItem: CollectionCase;
  /** The case's schedule now: the form starts from it and the preview compares against it. */
  original: Schedule;
  onClose: () => void;
};

/**
 * Modify Case Times: new start time (Melbourne local date and time) and optional promise date, a
 * preview of the schedule they give compared with the current one, then Save. Mount it to open it, so
 * each opening starts from the case's current times.
 */
export const ModifyCaseTimesDialog = ({
  collectionUid,
  caseItem,
  original,
  onClose,
}: ModifyCaseTimesDialogProps) => {
  usePauseAutoRefresh(true);
  const titleId = useId();
  const [form, setForm] = useState<CaseTimesForm>(() => ({
    startTime: toLabTimeInput(original.start_time),
    // Blank keeps the case's promise: sending it back as a date would turn an exact promise into close of
    // business that day.
    promiseDate: '',
  }));
  const [errors, setErrors] = useState<CaseTimesErrors>({});
  const preview = usePreviewCaseTimes();
  const save = useUpdateCaseTimes(collectionUid);
  const proposed = preview.data;
  const isBusy = preview.isPending || save.isPending;
  const failure = preview.error ?? save.error;

  const handleChange = (field: keyof CaseTimesForm, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    // Changed inputs make an earlier preview stale.
    preview.reset();
    save.reset();
  };

  const handlePreview = () => {
    const found = validateCaseTimes(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    preview.mutate(
      { case_id: caseItem.case_id, start_time: form.startTime, date_promised: form.promiseDate || null },
      {
        onError: (error) => setErrors(readCaseTimesFieldErrors(isApiError(error) ? error.fields : undefined)),
      },
    );
  };

  const handleSave = () => {
    save.mutate(
      { caseId: caseItem.case_id, newStartTime: form.startTime, newPromiseDate: form.promiseDate || null },
      {
        onSuccess: onClose,
        onError: (error) => setErrors(readCaseTimesFieldErrors(isApiError(error) ? error.fields : undefined)),
      },
    );
  };

  const handleBack = () => {
    preview.reset();
    save.reset();
  };

  return (
    <Dialog
      open
      onClose={isBusy ? undefined : onClose}
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { sx: { maxWidth: dialogMaxWidth } } }}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>Modify Case Times</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {proposed ? (
            <SchedulePanel schedule={proposed} original={original} />
          ) : (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label="New Start Time"
                type="datetime-local"
                value={form.startTime}
                onChange={(event) => handleChange('startTime', event.target.value)}
                error={Boolean(errors.startTime)}
                helperText={errors.startTime ?? 'Melbourne time'}
                required
                fullWidth
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <TextField
                label="Promise Date"
                type="date"
                value={form.promiseDate}
                onChange={(event) => handleChange('promiseDate', event.target.value)}
                error={Boolean(errors.promiseDate)}
                helperText={errors.promiseDate ?? 'Optional: blank keeps the current promise'}
                fullWidth
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Stack>
          )}
          {failure && <Alert severity="error">{failure.message}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isBusy}>
          Cancel
        </Button>
        {proposed ? (
          <>
            <Button onClick={handleBack} disabled={isBusy}>
              Back
            </Button>
            <Button variant="contained" onClick={handleSave} disabled={isBusy}>
              Save
            </Button>
          </>
        ) : (
          <Button variant="contained" onClick={handlePreview} disabled={isBusy}>
            Preview
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
};
