import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import type { OptionDraft, OptionDraftErrors } from '../invoice-rules';

type OptionRowProps = {
  draft: OptionDraft;
  /** The messages to show now (the form decides which fields have been touched). */
  errors: OptionDraftErrors;
  isDisabled: boolean;
  onChange: (patch: Partial<OptionDraft>) => void;
  onBlur: (field: keyof OptionDraftErrors) => void;
  onRemove: () => void;
};

/** One item option: selected, description, amount in dollars or percent, the percentage switch. */
export const OptionRow = ({ draft, errors, isDisabled, onChange, onBlur, onRemove }: OptionRowProps) => {
  const name = draft.description.trim() || 'new option';
  const unit = draft.is_percentage ? (
    <InputAdornment position="end">%</InputAdornment>
  ) : (
    <InputAdornment position="start">$</InputAdornment>
  );
  return (
    <Stack
      role="group"
      aria-label={`Option ${name}`}
      direction="row"
      spacing={1}
      sx={{ alignItems: 'flex-start', flexWrap: 'wrap', rowGap: 1 }}
    >
      <Checkbox
        checked={draft.is_selected}
        disabled={isDisabled}
        onChange={(event) => onChange({ is_selected: event.target.checked })}
        slotProps={{ input: { 'aria-label': `Select ${name}` } }}
        sx={{ mt: 0.25 }}
      />
      <TextField
        size="small"
        label="Description"
        value={draft.description}
        disabled={isDisabled}
        onChange={(event) => onChange({ description: event.target.value })}
        onBlur={() => onBlur('description')}
        error={errors.description !== undefined}
        helperText={errors.description}
        slotProps={{ htmlInput: { maxLength: 200 } }}
        sx={{ flex: '2 1 200px' }}
      />
      <TextField
        size="small"
        label="Amount"
        value={draft.amountText}
        disabled={isDisabled}
        onChange={(event) => onChange({ amountText: event.target.value })}
        onBlur={() => onBlur('amount')}
        error={errors.amount !== undefined}
        helperText={errors.amount}
        slotProps={{
          htmlInput: { inputMode: 'decimal' },
          input: draft.is_percentage ? { endAdornment: unit } : { startAdornment: unit },
        }}
        sx={{ flex: '1 1 120px' }}
      />
      <FormControlLabel
        label="Percentage"
        disabled={isDisabled}
        control={
          <Switch
            size="small"
            checked={draft.is_percentage}
            onChange={(event) => onChange({ is_percentage: event.target.checked })}
          />
        }
        sx={{ mt: 0.5 }}
      />
      <Tooltip title="Remove option">
        <span>
          <IconButton
            aria-label={`Remove ${name}`}
            disabled={isDisabled}
            onClick={onRemove}
            sx={{ mt: 0.25 }}
          >
            <DeleteOutlinedIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
};
