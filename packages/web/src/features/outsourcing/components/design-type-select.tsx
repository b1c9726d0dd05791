import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Ref } from 'react';
import { partnerDesignTypeCodes, type PartnerDesignTypeCode } from '@lab/domain';
import { designTypeText } from '../outsourcing-display';

type DesignTypeSelectProps = {
  value: PartnerDesignTypeCode[];
  onChange: (codes: PartnerDesignTypeCode[]) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  error?: string | undefined;
};

const readCodes = (value: unknown): PartnerDesignTypeCode[] => {
  const chosen = new Set((Array.isArray(value) ? value : String(value).split(',')).map(Number));
  // In the catalogue's order, whatever the order they were ticked in.
  return partnerDesignTypeCodes.filter((code) => chosen.has(code));
};

/** The integrated partner's design types: several may be chosen; each shows its code and label. */
export const DesignTypeSelect = ({ value, onChange, onBlur, inputRef, error }: DesignTypeSelectProps) => (
  <TextField
    select
    required
    fullWidth
    size="small"
    label="Design Types"
    name="DesignType"
    inputRef={inputRef}
    value={value}
    onChange={(event) => onChange(readCodes(event.target.value))}
    onBlur={onBlur}
    error={Boolean(error)}
    helperText={error}
    slotProps={{
      select: {
        multiple: true,
        renderValue: (selected) => (selected as PartnerDesignTypeCode[]).join(', '),
      },
    }}
  >
    {partnerDesignTypeCodes.map((code) => (
      <MenuItem key={code} value={code}>
        <Checkbox size="small" checked={value.includes(code)} />
        <ListItemText primary={designTypeText(code)} />
      </MenuItem>
    ))}
  </TextField>
);
