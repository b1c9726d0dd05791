import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { useAutoInternalUpload } from '../api/auto-internal-upload';
import { useAutoOutsourceUpload } from '../api/auto-outsource-upload';

type AutoUploadButtonProps = {
  collectionUid: string;
  caseId: number;
  /** to_partner: the order files to the open job's partner; to_internal: returned files to internal files. */
  direction?: 'to_partner' | 'to_internal';
};

const labels = {
  to_partner: { idle: 'Auto Upload', done: 'Upload Queued' },
  to_internal: { idle: 'Copy to Internal Files', done: 'Copy Queued' },
} as const;

/** Auto Upload (case-workspace §4): queues the copy, then shows its success state. */
export const AutoUploadButton = ({
  collectionUid,
  caseId,
  direction = 'to_partner',
}: AutoUploadButtonProps) => {
  const toPartner = useAutoOutsourceUpload(collectionUid, caseId);
  const toInternal = useAutoInternalUpload(collectionUid, caseId);
  const upload = direction === 'to_partner' ? toPartner : toInternal;
  const isQueued = upload.isSuccess;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Button
        variant={isQueued ? 'contained' : 'outlined'}
        color={isQueued ? 'success' : 'primary'}
        startIcon={isQueued ? <CheckIcon /> : <CloudUploadIcon />}
        disabled={upload.isPending}
        onClick={() => upload.mutate({})}
      >
        {isQueued ? labels[direction].done : labels[direction].idle}
      </Button>
      {upload.isError && (
        <Typography variant="body2" color="error" role="alert">
          {upload.error.message}
        </Typography>
      )}
    </Stack>
  );
};
