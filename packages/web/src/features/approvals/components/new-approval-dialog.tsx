import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useRef, useState } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import {
  approvalMessages,
  standardApprovalDue,
  type Collection,
  type CollectionApproval,
  type CollectionCase,
} from '@lab/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { isApiError } from '../../../lib/api-client';
import { addFilesByName } from '../../../lib/add-files-by-name';
import { usePauseAutoRefresh } from '../../../lib/auto-refresh';
import { useReferenceData } from '../../reference/hooks/use-reference-data';
import { useCreateApproval } from '../api/create-approval';
import { labTimeInputToIso, toLabTimeInput } from '../../../lib/lab-time-input';
import { newApprovalFormSchema, newApprovalServerFields, type NewApprovalValues } from '../new-approval-form';

export type NewApprovalDialogProps = {
  isOpen: boolean;
  collection: Collection;
  /** Opened from a case (the drawer's Approval tab): the case is fixed and no selector shows. */
  caseItem?: CollectionCase | undefined;
  onClose: () => void;
  onCreated?: (approval: CollectionApproval) => void;
};

/** New Approval Request (case-workspace §5 'New approval'). */
export const NewApprovalDialog = ({ isOpen, onClose, ...formProps }: NewApprovalDialogProps) => {
  usePauseAutoRefresh(isOpen);
  const titleId = useId();
  return (
    <Dialog open={isOpen} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>New Approval Request</DialogTitle>
      {/* Mounted only while open: each opening starts from a fresh form and a fresh default due time. */}
      {isOpen && <NewApprovalForm {...formProps} onClose={onClose} />}
    </Dialog>
  );
};

type NewApprovalFormProps = Omit<NewApprovalDialogProps, 'isOpen'>;

// The two questions asked, in order, before a request with no message or no files goes out.
type ConfirmStep = 'emptyMessage' | 'noFiles';

const stepTexts: Record<ConfirmStep, string> = {
  emptyMessage: approvalMessages.emptyMessageConfirm,
  noFiles: approvalMessages.noFilesConfirm,
};

const serverFields = new Set<string>(newApprovalServerFields);

const NewApprovalForm = ({ collection, caseItem, onClose, onCreated }: NewApprovalFormProps) => {
  const { approvalTypes } = useReferenceData();
  const create = useCreateApproval(collection.uid);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const [confirm, setConfirm] = useState<{ step: ConfirmStep; values: NewApprovalValues } | null>(null);
  const isCaseFixed = caseItem !== undefined;
  const resolver = useMemo(
    () => zodResolver(newApprovalFormSchema({ isCaseFixed, now: () => new Date() })),
    [isCaseFixed],
  );
  // An approval on a dispatched or cancelled case has nothing left to approve.
  const caseChoices = useMemo(
    () =>
      collection.cases.filter((item) => item.active).sort((a, b) => a.case_mkey.localeCompare(b.case_mkey)),
    [collection.cases],
  );
  const [initialDue] = useState(() => toLabTimeInput(standardApprovalDue('', new Date())));
  const {
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<NewApprovalValues>({
    resolver,
    defaultValues: {
      approval_type: '',
      case_uid: caseItem?.uid ?? '',
      approval_due_at: initialDue,
      send_reminders: true,
      message: '',
      files: [],
    },
  });

  const send = async (values: NewApprovalValues) => {
    setConfirm(null);
    const due = labTimeInputToIso(values.approval_due_at);
    const caseUid = caseItem?.uid ?? values.case_uid;
    if (due === null) return;
    try {
      const approval = await create.mutateAsync({
        approval_type: values.approval_type,
        case_uid: caseUid,
        approval_due_at: due,
        send_reminders: values.send_reminders,
        message: values.message,
        files: values.files,
      });
      onCreated?.(approval);
      onClose();
    } catch (error) {
      const fields = isApiError(error) ? (error.fields ?? {}) : {};
      for (const [name, message] of Object.entries(fields)) {
        if (serverFields.has(name)) setError(name as FieldPath<NewApprovalValues>, { message });
      }
      setError('root', { message: error instanceof Error ? error.message : String(error) });
    }
  };

  const nextStep = (values: NewApprovalValues, after: ConfirmStep | null): ConfirmStep | null => {
    if (after === null && !values.message.trim()) return 'emptyMessage';
    if (after !== 'noFiles' && values.files.length === 0) return 'noFiles';
    return null;
  };

  const proceed = (values: NewApprovalValues, after: ConfirmStep | null) => {
    const step = nextStep(values, after);
    if (step) setConfirm({ step, values });
    else void send(values);
  };

  const handleTypeChange = (code: string, onChange: (value: string) => void) => {
    onChange(code);
    // The standard due time follows the type (7 days for a try-in, else 1 day from now).
    setValue('approval_due_at', toLabTimeInput(standardApprovalDue(code, new Date())), {
      shouldValidate: errors.approval_due_at !== undefined,
    });
  };

  const handleChooseFiles = (files: FileList | null) => {
    setValue('files', addFilesByName(getValues('files'), Array.from(files ?? [])));
  };

  const isBusy = isSubmitting || create.isPending;

  return (
    <form noValidate onSubmit={(event) => void handleSubmit((values) => proceed(values, null))(event)}>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Controller
            control={control}
            name="approval_type"
            render={({ field }) => (
              <TextField
                select
                required
                fullWidth
                size="small"
                label="Approval Type"
                name={field.name}
                inputRef={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(event) => handleTypeChange(event.target.value, field.onChange)}
                error={Boolean(errors.approval_type)}
                helperText={errors.approval_type?.message}
              >
                {approvalTypes.map((type) => (
                  <MenuItem key={type.code} value={type.code}>
                    {type.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          {isCaseFixed ? (
            <Typography variant="body2">
              Case component: {caseItem.case_mkey} · {caseItem.job_type}
            </Typography>
          ) : (
            <Controller
              control={control}
              name="case_uid"
              render={({ field }) => (
                <TextField
                  select
                  required
                  fullWidth
                  size="small"
                  label="Case Component"
                  {...field}
                  error={Boolean(errors.case_uid)}
                  helperText={errors.case_uid?.message}
                >
                  {caseChoices.map((item) => (
                    <MenuItem key={item.uid} value={item.uid}>
                      {item.case_mkey} · {item.job_type}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          )}
          <Controller
            control={control}
            name="approval_due_at"
            render={({ field }) => (
              <TextField
                required
                fullWidth
                size="small"
                type="datetime-local"
                label="Approval Due"
                {...field}
                slotProps={{ inputLabel: { shrink: true } }}
                error={Boolean(errors.approval_due_at)}
                helperText={errors.approval_due_at?.message ?? 'Melbourne time'}
              />
            )}
          />
          <Controller
            control={control}
            name="send_reminders"
            render={({ field }) => (
              <FormControlLabel
                label="Send Reminders"
                control={
                  <Switch
                    name={field.name}
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                  />
                }
              />
            )}
          />
          <Controller
            control={control}
            name="message"
            render={({ field }) => <TextField fullWidth multiline minRows={3} label="Message" {...field} />}
          />
          <Controller
            control={control}
            name="files"
            render={({ field }) => (
              <Stack spacing={1}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Button
                    variant="outlined"
                    size="small"
                    startIcon={<AttachFileIcon />}
                    onClick={() => fileInputRef.current?.click()}
                  >
                    Add Files
                  </Button>
                  <input
                    ref={fileInputRef}
                    type="file"
                    multiple
                    hidden
                    aria-label="Approval files"
                    onChange={(event) => {
                      handleChooseFiles(event.target.files);
                      event.target.value = '';
                    }}
                  />
                  <Typography variant="body2" color="text.secondary">
                    {field.value.length === 0 ? 'No files' : `${field.value.length} selected`}
                  </Typography>
                </Stack>
                {field.value.length > 0 && (
                  <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                    {field.value.map((file) => (
                      <Chip
                        key={file.name}
                        label={file.name}
                        size="small"
                        onDelete={() => field.onChange(field.value.filter((item) => item !== file))}
                      />
                    ))}
                  </Stack>
                )}
              </Stack>
            )}
          />
          {isBusy && <LinearProgress aria-label="Sending approval request" />}
          {errors.root?.message && <Alert severity="error">{errors.root.message}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isBusy}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={isBusy}>
          Submit
        </Button>
      </DialogActions>
      <ConfirmDialog
        isOpen={confirm !== null}
        title="Please Confirm"
        message={confirm ? stepTexts[confirm.step] : ''}
        onConfirm={() => {
          if (confirm) proceed(confirm.values, confirm.step);
        }}
        onCancel={() => setConfirm(null)}
      />
    </form>
  );
};
