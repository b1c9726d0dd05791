import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { outsourcePositions, outsourceScanners, type CollectionCase, type Partner } from '@lab/domain';
import { useReferenceData } from '../../reference/hooks/use-reference-data';
import { useStartIntegratedOutsource } from '../api/start-integrated-outsource';
import { useDesignMoveConfirm } from '../hooks/use-design-move-confirm';
import {
  integratedOutsourceDefaults,
  integratedOutsourceFields,
  integratedOutsourceFormSchema,
  sendableFiles,
  toIntegratedPayload,
  type IntegratedOutsourceValues,
} from '../integrated-job-values';
import { showServerError } from '../server-errors';
import { DesignTypeSelect } from './design-type-select';
import { OutsourceFormFrame } from './outsource-form-frame';
import { PartnerSelect } from './partner-select';

export type IntegratedOutsourceFormProps = {
  collectionUid: string;
  caseItem: CollectionCase;
  /** The integrated partner chosen (adapter_type EVIDENT). */
  partner: Partner;
  /** The planned job with this partner being started, if any (else a new job). */
  preemptiveId: number | null;
  onPartnerChange: (partnerId: number) => void;
  onClose: () => void;
};

const knownFields = new Set<string>(integratedOutsourceFields);
const resolver = zodResolver(integratedOutsourceFormSchema);

/** New Outsource Job for the integrated partner: the partner's payload and the file to send. */
export const IntegratedOutsourceForm = ({
  collectionUid,
  caseItem,
  partner,
  preemptiveId,
  onPartnerChange,
  onClose,
}: IntegratedOutsourceFormProps) => {
  const { partners } = useReferenceData();
  const start = useStartIntegratedOutsource(collectionUid, caseItem.case_id);
  const files = sendableFiles(caseItem);
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<IntegratedOutsourceValues>({ resolver, defaultValues: integratedOutsourceDefaults });

  const showError = (error: unknown) => showServerError(error, setError, knownFields);
  const design = useDesignMoveConfirm(caseItem.in_design, showError);

  const handleStart = (values: IntegratedOutsourceValues) =>
    design.start(async (moveToDesign) => {
      await start.mutateAsync({
        partner_id: partner.id,
        partner_name: partner.name,
        note: values.Instruction,
        file_id: values.file_id,
        payload: toIntegratedPayload(values, caseItem.uid),
        ...(preemptiveId === null ? {} : { outsource_id: preemptiveId }),
        ...(moveToDesign ? { move_to_design: true } : {}),
      });
      onClose();
    });

  const isBusy = isSubmitting || start.isPending;
  const selectText = (name: 'ScannerType' | 'Position', label: string, options: readonly string[]) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          {...field}
          select
          required
          fullWidth
          size="small"
          label={label}
          error={Boolean(errors[name])}
          helperText={errors[name]?.message}
        >
          {options.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  return (
    <OutsourceFormFrame
      isBusy={isBusy}
      error={errors.root?.message}
      designConfirm={design.confirmProps}
      isStarting={start.isPending}
      onSubmit={(event) => void handleSubmit(handleStart)(event)}
      onCancel={onClose}
    >
      <PartnerSelect partners={partners} value={partner.id} onChange={onPartnerChange} />
      <Controller
        control={control}
        name="DesignType"
        render={({ field }) => (
          <DesignTypeSelect
            value={field.value}
            inputRef={field.ref}
            onBlur={field.onBlur}
            onChange={field.onChange}
            error={errors.DesignType?.message}
          />
        )}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {selectText('ScannerType', 'Scanner', outsourceScanners)}
        {selectText('Position', 'Position', outsourcePositions)}
      </Stack>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Controller
          control={control}
          name="Units"
          render={({ field }) => (
            <TextField
              {...field}
              size="small"
              type="number"
              label="Units"
              slotProps={{ htmlInput: { min: 0, max: 99, step: 1 } }}
              error={Boolean(errors.Units)}
              helperText={errors.Units?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="Rush"
          render={({ field }) => (
            <FormControlLabel
              label="Rush"
              control={
                <Checkbox
                  name={field.name}
                  checked={field.value}
                  onChange={(event) => field.onChange(event.target.checked)}
                />
              }
            />
          )}
        />
      </Stack>
      <Controller
        control={control}
        name="Instruction"
        render={({ field }) => (
          <TextField
            {...field}
            required
            fullWidth
            multiline
            minRows={3}
            label="Instructions"
            error={Boolean(errors.Instruction)}
            helperText={errors.Instruction?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="file_id"
        render={({ field }) => (
          <TextField
            select
            required
            fullWidth
            size="small"
            label="File to send"
            name={field.name}
            inputRef={field.ref}
            onBlur={field.onBlur}
            value={field.value ?? ''}
            onChange={(event) => field.onChange(Number(event.target.value))}
            error={Boolean(errors.file_id)}
            helperText={errors.file_id?.message ?? (files.length === 0 ? 'The case has no files' : undefined)}
          >
            {files.map((file) => (
              <MenuItem key={file.id} value={file.id}>
                {file.filename} ({file.listName})
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </OutsourceFormFrame>
  );
};
