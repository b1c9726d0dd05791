import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { outsourceJobTypes, type CollectionCase, type Outsource } from '@lab/domain';
import { useReferenceData } from '../../reference/hooks/use-reference-data';
import { usePlanOutsource } from '../api/plan-outsource';
import { useStartOutsource } from '../api/start-outsource';
import { useDesignMoveConfirm } from '../hooks/use-design-move-confirm';
import {
  outsourceJobDefaults,
  outsourceJobFields,
  outsourceJobFormSchema,
  toOutsourceJobInput,
  type OutsourceJobValues,
} from '../manual-job-values';
import { showServerError } from '../server-errors';
import { OutsourceFormFrame } from './outsource-form-frame';
import { PartnerSelect } from './partner-select';

export type ManualOutsourceFormProps = {
  collectionUid: string;
  caseItem: CollectionCase;
  partnerId: number | null;
  /** The planned job being started (Plan is not offered then). */
  preemptive: Outsource | null;
  onPartnerChange: (partnerId: number) => void;
  onClose: () => void;
};

const knownFields = new Set<string>(outsourceJobFields);
const jobTypeLabels = { digital: 'Digital', physical: 'Physical' } as const;

/** New Outsource Job for a manual partner: Plan (a preemptive job) or Start. */
export const ManualOutsourceForm = ({
  collectionUid,
  caseItem,
  partnerId,
  preemptive,
  onPartnerChange,
  onClose,
}: ManualOutsourceFormProps) => {
  const { partners, branches } = useReferenceData();
  const start = useStartOutsource(collectionUid, caseItem.case_id);
  const plan = usePlanOutsource(collectionUid, caseItem.case_id);
  const resolver = useMemo(() => zodResolver(outsourceJobFormSchema(() => new Date())), []);
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<OutsourceJobValues>({ resolver, defaultValues: outsourceJobDefaults(partnerId, preemptive) });
  const jobType = useWatch({ control, name: 'job_type' });
  const jobTypeLabelId = useId();

  const showError = (error: unknown) => showServerError(error, setError, knownFields);
  const design = useDesignMoveConfirm(caseItem.in_design, showError);

  const handlePlan = async (values: OutsourceJobValues) => {
    try {
      await plan.mutateAsync(toOutsourceJobInput(values));
      onClose();
    } catch (error) {
      showError(error);
    }
  };

  const handleStart = (values: OutsourceJobValues) =>
    design.start(async (moveToDesign) => {
      await start.mutateAsync({
        ...toOutsourceJobInput(values),
        ...(preemptive ? { outsource_id: preemptive.id } : {}),
        ...(moveToDesign ? { move_to_design: true } : {}),
      });
      onClose();
    });

  const isBusy = isSubmitting || start.isPending || plan.isPending;

  return (
    <OutsourceFormFrame
      isBusy={isBusy}
      error={errors.root?.message}
      designConfirm={design.confirmProps}
      isStarting={start.isPending}
      extraAction={
        !preemptive && (
          <Button variant="outlined" disabled={isBusy} onClick={() => void handleSubmit(handlePlan)()}>
            Plan
          </Button>
        )
      }
      onSubmit={(event) => void handleSubmit(handleStart)(event)}
      onCancel={onClose}
    >
      <Controller
        control={control}
        name="partner_id"
        render={({ field }) => (
          <PartnerSelect
            partners={partners}
            value={field.value}
            inputRef={field.ref}
            onBlur={field.onBlur}
            onChange={(id) => {
              field.onChange(id);
              onPartnerChange(id);
            }}
            error={errors.partner_id?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="due_time"
        render={({ field }) => (
          <TextField
            {...field}
            required
            fullWidth
            size="small"
            type="datetime-local"
            label="Due Time"
            slotProps={{ inputLabel: { shrink: true } }}
            error={Boolean(errors.due_time)}
            helperText={errors.due_time?.message ?? 'Melbourne time'}
          />
        )}
      />
      <Controller
        control={control}
        name="job_type"
        render={({ field }) => (
          <FormControl required error={Boolean(errors.job_type)}>
            <FormLabel id={jobTypeLabelId}>Job Type</FormLabel>
            <RadioGroup
              row
              aria-labelledby={jobTypeLabelId}
              name={field.name}
              value={field.value}
              onChange={(event) => field.onChange(event.target.value)}
              onBlur={field.onBlur}
            >
              {outsourceJobTypes.map((type) => (
                <FormControlLabel key={type} value={type} control={<Radio />} label={jobTypeLabels[type]} />
              ))}
            </RadioGroup>
            {errors.job_type && <FormHelperText>{errors.job_type.message}</FormHelperText>}
          </FormControl>
        )}
      />
      {jobType === 'physical' && (
        <Controller
          control={control}
          name="returning_branch_id"
          render={({ field }) => (
            <TextField
              select
              required
              fullWidth
              size="small"
              label="Returning Branch"
              name={field.name}
              inputRef={field.ref}
              onBlur={field.onBlur}
              value={branches.some((branch) => branch.id === field.value) ? field.value : ''}
              onChange={(event) => field.onChange(Number(event.target.value))}
              error={Boolean(errors.returning_branch_id)}
              helperText={errors.returning_branch_id?.message}
            >
              {branches.map((branch) => (
                <MenuItem key={branch.id} value={branch.id}>
                  {branch.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      )}
      <Controller
        control={control}
        name="additional_recipients"
        render={({ field }) => (
          <TextField
            {...field}
            fullWidth
            size="small"
            label="Additional Recipients"
            error={Boolean(errors.additional_recipients)}
            helperText={errors.additional_recipients?.message ?? 'E-mail addresses, separated by commas'}
          />
        )}
      />
      <Controller
        control={control}
        name="note"
        render={({ field }) => (
          <TextField
            {...field}
            required
            fullWidth
            multiline
            minRows={3}
            label="Note"
            error={Boolean(errors.note)}
            helperText={errors.note?.message}
          />
        )}
      />
    </OutsourceFormFrame>
  );
};
