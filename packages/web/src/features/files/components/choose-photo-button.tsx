import Button, { type ButtonProps } from '@mui/material/Button';
import { useRef, type ChangeEvent } from 'react';

type ChoosePhotoButtonProps = {
  label: string;
  variant?: ButtonProps['variant'];
  isDisabled?: boolean;
  onChoose: (file: File) => void;
};

/** Opens the device's file chooser for one photo (on a phone or tablet, its camera app). */
export const ChoosePhotoButton = ({
  label,
  variant,
  isDisabled = false,
  onChoose,
}: ChoosePhotoButtonProps) => {
  const inputRef = useRef<HTMLInputElement>(null);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Emptied, so choosing the same file again is a change too.
    event.target.value = '';
    if (file) onChoose(file);
  };

  return (
    <>
      <Button variant={variant} disabled={isDisabled} onClick={() => inputRef.current?.click()}>
        {label}
      </Button>
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        aria-label="Photo file"
        onChange={handleChange}
      />
    </>
  );
};
