import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Ref } from 'react';
import type { Partner } from '@lab/domain';

type PartnerSelectProps = {
  partners: readonly Partner[];
  value: number | null;
  onChange: (partnerId: number) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  error?: string | undefined;
};

/** The New Outsource Job partner: the integrated partner's choice switches the form. */
export const PartnerSelect = ({ partners, value, onChange, onBlur, inputRef, error }: PartnerSelectProps) => (
  <TextField
    select
    fullWidth
    required
    size="small"
    label="Partner"
    name="partner_id"
    inputRef={inputRef}
    value={partners.some((partner) => partner.id === value) ? value : ''}
    onChange={(event) => onChange(Number(event.target.value))}
    onBlur={onBlur}
    error={Boolean(error)}
    helperText={error}
  >
    {partners.map((partner) => (
      <MenuItem key={partner.id} value={partner.id}>
        {partner.name}
      </MenuItem>
    ))}
  </TextField>
);
