import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import type { RefCallBack } from 'react-hook-form';

type IdField = {
  name: string;
  value: number | null | undefined;
  onChange: (id: number) => void;
  onBlur: () => void;
  ref: RefCallBack;
};

type IdSelectFieldProps = {
  field: IdField;
  label: string;
  error?: string | undefined;
  isRequired?: boolean;
  children: ReactNode;
};

/** A select of catalogue rows by id, for react-hook-form: empty until chosen, a number once chosen. */
export const IdSelectField = ({ field, label, error, isRequired = false, children }: IdSelectFieldProps) => (
  <TextField
    select
    fullWidth
    required={isRequired}
    size="small"
    label={label}
    name={field.name}
    inputRef={field.ref}
    onBlur={field.onBlur}
    value={field.value ?? ''}
    onChange={(event) => field.onChange(Number(event.target.value))}
    error={Boolean(error)}
    helperText={error}
  >
    {children}
  </TextField>
);
