import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type ChangeEvent, type ReactNode } from 'react';

type OutlinedTextBoxProps = {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  label?: string;
  /** The input's accessible name when it has no visible label. */
  ariaLabel?: string;
  placeholder?: string;
  isAutoFocused?: boolean;
  size?: 'small' | 'medium';
  startAdornment?: ReactNode;
  endAdornment?: ReactNode;
  sx?: SxProps<Theme>;
};

/**
 * An outlined TextField built from its parts. TextField always imports Select (and through it Menu,
 * Popover and Modal); the boxes of the first page (search, Case Search) need none of them, so they use
 * this and keep that code out of the first download. Markup and look are TextField's.
 */
export const OutlinedTextBox = ({
  value,
  onChange,
  label,
  ariaLabel,
  placeholder,
  isAutoFocused = false,
  size = 'medium',
  startAdornment,
  endAdornment,
  sx,
}: OutlinedTextBoxProps) => {
  const id = useId();
  const labelId = `${id}-label`;
  return (
    <FormControl variant="outlined" size={size} sx={sx}>
      {label !== undefined && (
        <InputLabel htmlFor={id} id={labelId}>
          {label}
        </InputLabel>
      )}
      <OutlinedInput
        id={id}
        value={value}
        onChange={onChange}
        label={label}
        placeholder={placeholder}
        autoFocus={isAutoFocused}
        startAdornment={startAdornment}
        endAdornment={endAdornment}
        inputProps={ariaLabel === undefined ? undefined : { 'aria-label': ariaLabel }}
      />
    </FormControl>
  );
};
