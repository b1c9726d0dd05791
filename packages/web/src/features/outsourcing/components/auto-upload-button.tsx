import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { useAutoOutsourceUpload } from '../api/auto-outsource-upload';

type AutoUploadButtonProps = { collectionUid: string; caseId: number };

/** Auto Upload: queues the order files for the open job's partner, then shows its success state. */
export const AutoUploadButton = ({ collectionUid, caseId }: AutoUploadButtonProps) => {
  const upload = useAutoOutsourceUpload(collectionUid, caseId);
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
        {isQueued ? 'Upload Queued' : 'Auto Upload'}
      </Button>
      {upload.isError && (
        <Typography variant="body2" color="error" role="alert">
          {upload.error.message}
        </Typography>
      )}
    </Stack>
  );
};
