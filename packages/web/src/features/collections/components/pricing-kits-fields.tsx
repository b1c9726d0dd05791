import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { Controller, useFieldArray, useWatch, type Control, type FieldErrors } from 'react-hook-form';
import type { Kit } from '@lab/domain';
import type { BasicInformationValues } from '../basic-information-values';
import { IdSelectField } from './id-select-field';

// Spec §5 'Pricing kit': dentate UPPER or LOWER.
const kitDentates = ['UPPER', 'LOWER'] as const;

/** A new row's kit is null until one is chosen: the 'empty kit choice' of the spec. */
const emptyKitId = null;

type PricingKitsFieldsProps = {
  control: Control<BasicInformationValues>;
  errors: FieldErrors<BasicInformationValues>;
  kits: readonly Kit[];
};

/** The pricing kits of the basic information form; only one new unsaved (empty) kit at a time. */
export const PricingKitsFields = ({ control, errors, kits }: PricingKitsFieldsProps) => {
  const { fields, append, remove } = useFieldArray({ control, name: 'pricing_kits' });
  const rows = useWatch({ control, name: 'pricing_kits' }) ?? [];
  const hasEmptyKit = rows.some((row) => row.kit_id === emptyKitId);
  const pricingKits = kits.filter((kit) => kit.kind === 'PRICING');

  const handleAdd = () => {
    // Offer the jaw that has no kit yet.
    const isUpperTaken = rows.some((row) => row.kit_dentate_name === 'UPPER');
    append({ kit_id: emptyKitId, kit_dentate_name: isUpperTaken ? 'LOWER' : 'UPPER' });
  };

  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>
          Pricing Kits
        </Typography>
        <Button size="small" startIcon={<AddIcon />} onClick={handleAdd} disabled={hasEmptyKit}>
          New
        </Button>
      </Stack>
      {fields.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No pricing kits
        </Typography>
      )}
      {fields.map((field, index) => {
        const rowErrors = errors.pricing_kits?.[index];
        return (
          <Stack key={field.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Controller
              control={control}
              name={`pricing_kits.${index}.kit_dentate_name`}
              render={({ field: dentate }) => (
                <TextField
                  select
                  size="small"
                  label="Dentate"
                  sx={{ width: 120, flexShrink: 0 }}
                  {...dentate}
                  error={Boolean(rowErrors?.kit_dentate_name)}
                  helperText={rowErrors?.kit_dentate_name?.message}
                >
                  {kitDentates.map((name) => (
                    <MenuItem key={name} value={name}>
                      {name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              control={control}
              name={`pricing_kits.${index}.kit_id`}
              render={({ field: kit }) => (
                <IdSelectField field={kit} label="Kit" error={rowErrors?.kit_id?.message}>
                  {pricingKits.map((option) => (
                    <MenuItem key={option.id} value={option.id}>
                      {option.name}
                    </MenuItem>
                  ))}
                </IdSelectField>
              )}
            />
            <IconButton aria-label="Remove pricing kit" onClick={() => remove(index)} sx={{ mt: 0.25 }}>
              <DeleteOutlinedIcon fontSize="small" />
            </IconButton>
          </Stack>
        );
      })}
      {errors.pricing_kits?.message && (
        <Typography variant="caption" color="error">
          {errors.pricing_kits.message}
        </Typography>
      )}
    </Stack>
  );
};
