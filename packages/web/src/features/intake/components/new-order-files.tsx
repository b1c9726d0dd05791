import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { FileDraft } from '../desk-order-draft';

const wholeOrder = 'order';

const megabytes = (bytes: number): string => `${(bytes / 1_000_000).toFixed(1)} MB`;

/**
 * The scans and photos that came with the order, each on its component (pre-flight reads a component's
 * scans) or on the order as a whole. Dropped here, sent once the order is made.
 */
export const NewOrderFiles = ({
  files,
  componentCount,
  onChange,
  errors,
}: {
  files: FileDraft[];
  componentCount: number;
  onChange: (files: FileDraft[]) => void;
  errors: Record<string, string>;
}) => {
  const add = (picked: FileList | null) => {
    if (!picked) return;
    onChange([...files, ...[...picked].map((file) => ({ file, component: 0 }))]);
  };
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2">Scans and files</Typography>
      {files.map((draft, index) => {
        const error = errors[`files.${index}`] ?? errors[`files.${index}.file_name`];
        return (
          <Stack
            key={`${draft.file.name}-${index}`}
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center' }}
          >
            <Typography
              sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
              color={error ? 'error' : undefined}
            >
              {draft.file.name} · {megabytes(draft.file.size)}
              {error ? ` — ${error}` : ''}
            </Typography>
            <TextField
              select
              size="small"
              label="For"
              value={draft.component === null ? wholeOrder : String(draft.component)}
              onChange={(event) =>
                onChange(
                  files.map((f, i) =>
                    i === index
                      ? {
                          ...f,
                          component: event.target.value === wholeOrder ? null : Number(event.target.value),
                        }
                      : f,
                  ),
                )
              }
              sx={{ minWidth: 170 }}
            >
              {Array.from({ length: componentCount }, (_, component) => (
                <MenuItem key={component} value={String(component)}>
                  Component {component + 1}
                </MenuItem>
              ))}
              <MenuItem value={wholeOrder}>The whole order</MenuItem>
            </TextField>
            <IconButton
              size="small"
              aria-label={`Remove ${draft.file.name}`}
              onClick={() => onChange(files.filter((_, i) => i !== index))}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Stack>
        );
      })}
      <Button component="label" startIcon={<UploadFileIcon />} sx={{ alignSelf: 'flex-start' }}>
        Add files
        <input
          hidden
          type="file"
          multiple
          aria-label="Add files"
          onChange={(event) => {
            add(event.target.files);
            event.target.value = '';
          }}
        />
      </Button>
    </Stack>
  );
};
