import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { fileLockTexts } from '@lab/domain';
import { useFileLock } from '../api/get-file-lock';
import { useWindowFocus } from '../hooks/use-window-focus';

type FileLockBarProps = { collectionUid: string; isStaging: boolean };

/**
 * The file-operation-in-progress bar (collection-views §4 'File lock'): shown while a file operation holds
 * the collection's files; staging users never see it (and their windows do not poll).
 */
export const FileLockBar = ({ collectionUid, isStaging }: FileLockBarProps) => {
  const isFocused = useWindowFocus();
  const lock = useFileLock(collectionUid, isFocused && !isStaging);
  if (isStaging || !lock.data?.locked) return null;
  return (
    <Stack spacing={0} role="status" aria-label="File operation in progress">
      <LinearProgress color="warning" />
      <Alert severity="warning" variant="outlined" sx={{ borderTopLeftRadius: 0, borderTopRightRadius: 0 }}>
        {fileLockTexts.banner}
      </Alert>
    </Stack>
  );
};
