import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import type { ChangeEvent } from 'react';

// The client's attachments before sending: a labelled file input (several at once) and the chosen files,
// each with its own Remove button.

type ChosenFilesProps = {
  files: readonly File[];
  /** The file input's accessible name. */
  inputLabel: string;
  buttonText: string;
  isDisabled?: boolean;
  onChange: (files: File[]) => void;
};

const isSameFile = (a: File, b: File) => a.name === b.name && a.size === b.size;

export const ChosenFiles = ({
  files,
  inputLabel,
  buttonText,
  isDisabled = false,
  onChange,
}: ChosenFilesProps) => {
  const handleChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    // Cleared so a removed file can be chosen again.
    event.target.value = '';
    onChange([...files, ...chosen.filter((file) => !files.some((item) => isSameFile(item, file)))]);
  };
  return (
    <Stack spacing={0.5} sx={{ minWidth: 0 }}>
      <Button
        component="label"
        variant="text"
        size="small"
        startIcon={<AttachFileIcon />}
        disabled={isDisabled}
        sx={{ alignSelf: 'flex-start' }}
      >
        {buttonText}
        <input type="file" multiple hidden aria-label={inputLabel} onChange={handleChosen} />
      </Button>
      {files.length > 0 && (
        <Box component="ul" aria-label="Chosen files" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {files.map((file) => (
            <Box
              component="li"
              key={`${file.name}-${file.size}`}
              sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}
            >
              <Typography variant="body2" noWrap sx={{ flexGrow: 1, minWidth: 0 }}>
                {file.name}
              </Typography>
              <IconButton
                size="small"
                aria-label={`Remove ${file.name}`}
                disabled={isDisabled}
                onClick={() => onChange(files.filter((item) => item !== file))}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
    </Stack>
  );
};
