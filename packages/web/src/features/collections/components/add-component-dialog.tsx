import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import {
  addComponentFieldsSchema,
  collectionEditMessages,
  defaultAddComponentStatus,
  dentates,
  sortStatusesForSelect,
  type AddComponent,
  type AddComponentInput,
  type Collection,
} from '@lab/domain';
import { SchedulePanel } from '../../../components/schedule-panel/schedule-panel';
import { isApiError } from '../../../lib/api-client';
import { usePauseAutoRefresh } from '../../../lib/auto-refresh';
import { collectionQueryKey } from '../../../lib/query-keys';
import { useReferenceData } from '../../reference/hooks/use-reference-data';
import { useAddComponent } from '../api/add-component';
import { IdSelectField } from './id-select-field';
import { useSchedulePreview } from '../api/preview-schedule';
import { findAddedCaseUid } from '../added-case';

type AddComponentValues = AddComponentInput;

// The form's date input gives a local date; the wire carries it back as it was typed.
const promisedDateText = (promised: AddComponent['date_promised']): string | null => {
  if (promised === null) return null;
  return promised.kind === 'date' ? promised.date : promised.instant.toISOString();
};

const formFields = new Set<string>(['job_type_id', 'dentate', 'status_id', 'date_promised']);

type AddComponentDialogProps = {
  collection: Collection;
  isOpen: boolean;
  onClose: () => void;
  /** The new case, to open in the drawer (null when it could not be told apart). */
  onAdded: (caseUid: string | null) => void;
};

/** Add Component: Job Type, Dentate, Status, optional Date promised, with a schedule preview. */
export const AddComponentDialog = ({ collection, isOpen, onClose, onAdded }: AddComponentDialogProps) => {
  usePauseAutoRefresh(isOpen);
  const titleId = useId();
  return (
    <Dialog open={isOpen} onClose={onClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Add Component</DialogTitle>
      {/* Mounted only while open, so each opening starts from a fresh form. */}
      {isOpen && <AddComponentForm collection={collection} onClose={onClose} onAdded={onAdded} />}
    </Dialog>
  );
};

const AddComponentForm = ({ collection, onClose, onAdded }: Omit<AddComponentDialogProps, 'isOpen'>) => {
  const queryClient = useQueryClient();
  const { jobTypes, statuses } = useReferenceData();
  const sortedStatuses = useMemo(() => sortStatusesForSelect(statuses), [statuses]);
  const add = useAddComponent(collection.uid);
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AddComponentValues, unknown, AddComponent>({
    resolver: zodResolver(addComponentFieldsSchema),
    defaultValues: {
      job_type_id: null,
      status_id: defaultAddComponentStatus(statuses)?.id ?? null,
      date_promised: '',
    },
  });

  const jobTypeId = useWatch({ control, name: 'job_type_id' });
  const datePromised = useWatch({ control, name: 'date_promised' });
  const branchId = collection.fulfillment_branch_id;
  const preview = useSchedulePreview(
    branchId !== null && jobTypeId
      ? { branch_id: branchId, job_type_id: jobTypeId, date_promised: datePromised || null }
      : null,
  );

  const handleValid = async (values: AddComponent) => {
    try {
      const answer = await add.mutateAsync({
        job_type_id: values.job_type_id,
        dentate: values.dentate,
        status_id: values.status_id,
        date_promised: promisedDateText(values.date_promised),
      });
      const key = collectionQueryKey(collection.uid);
      await queryClient.invalidateQueries({ queryKey: key });
      onAdded(findAddedCaseUid(collection.cases, queryClient.getQueryData<Collection>(key), answer?.uid));
    } catch (error) {
      const fields = isApiError(error) ? (error.fields ?? {}) : {};
      for (const [name, message] of Object.entries(fields)) {
        if (formFields.has(name)) setError(name as FieldPath<AddComponentValues>, { message });
      }
      setError('root', { message: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(handleValid)(event)}>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Controller
              control={control}
              name="job_type_id"
              render={({ field }) => (
                <IdSelectField field={field} label="Job Type" isRequired error={errors.job_type_id?.message}>
                  {jobTypes.map((jobType) => (
                    <MenuItem key={jobType.id} value={jobType.id}>
                      {jobType.name}
                    </MenuItem>
                  ))}
                </IdSelectField>
              )}
            />
            <Controller
              control={control}
              name="dentate"
              render={({ field }) => (
                <TextField
                  select
                  fullWidth
                  required
                  size="small"
                  label="Dentate"
                  {...field}
                  value={field.value ?? ''}
                  error={Boolean(errors.dentate)}
                  helperText={errors.dentate?.message}
                >
                  {dentates.map((dentate) => (
                    <MenuItem key={dentate} value={dentate}>
                      {dentate}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Controller
              control={control}
              name="status_id"
              render={({ field }) => (
                <IdSelectField field={field} label="Status" isRequired error={errors.status_id?.message}>
                  {sortedStatuses.flatMap((status, index) => [
                    ...(sortedStatuses[index - 1]?.parent_name === status.parent_name
                      ? []
                      : [
                          <ListSubheader key={`parent-${status.parent_name}`}>
                            {status.parent_name}
                          </ListSubheader>,
                        ]),
                    <MenuItem key={status.id} value={status.id}>
                      {status.name}
                    </MenuItem>,
                  ])}
                </IdSelectField>
              )}
            />
            <Controller
              control={control}
              name="date_promised"
              render={({ field }) => (
                <TextField
                  fullWidth
                  size="small"
                  type="date"
                  label="Date Promised"
                  {...field}
                  value={field.value ?? ''}
                  slotProps={{ inputLabel: { shrink: true } }}
                  error={Boolean(errors.date_promised)}
                  helperText={errors.date_promised?.message}
                />
              )}
            />
          </Stack>
          {branchId === null && <Alert severity="info">{collectionEditMessages.noFulfillmentBranch}</Alert>}
          {preview.isFetching && <LinearProgress aria-label="Loading schedule" />}
          {preview.isError && <Alert severity="error">{preview.error.message}</Alert>}
          {preview.data && <SchedulePanel schedule={preview.data} />}
          {errors.root?.message && <Alert severity="error">{errors.root.message}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={isSubmitting}>
          Add Component
        </Button>
      </DialogActions>
    </form>
  );
};
