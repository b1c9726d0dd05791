import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { fileDialogTexts, type Collection, type CollectionCase } from '@lab/domain';
import { DateTimeText } from '../../../components/date-time-text';
import { usePauseAutoRefresh } from '../../../lib/auto-refresh';
import { useConf } from '../../../lib/conf';
import { registerReturnFile } from '../api/case-file-calls';
import { uploadThroughFileService } from '../api/file-service';
import { useCaseFileMutation } from '../api/use-case-file-mutation';

type ReturnFileDialogProps = {
  isOpen: boolean;
  collection: Collection;
  caseItem: CollectionCase;
  onClose: () => void;
};

/**
 * Upload Return File (case-workspace §2, §7): the file goes to the file service first (one-time link),
 * then `upload_return_file` registers it on the case.
 */
export const ReturnFileDialog = ({ isOpen, collection, caseItem, onClose }: ReturnFileDialogProps) => {
  usePauseAutoRefresh(isOpen);
  const titleId = useId();
  const conf = useConf();
  const [chosen, setChosen] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const register = useCaseFileMutation(collection.uid, async (file: File) => {
    const [item] = await uploadThroughFileService({
      fileTransferUrl: conf.file_transfer_url,
      country: collection.shipping_client.country ?? 'AU',
      files: [file],
      references: [{ entityType: 'CASE', entityIdentification: caseItem.uid }],
      onProgress: setProgress,
    });
    if (!item) throw new Error(fileDialogTexts.uploadFailed);
    return registerReturnFile(caseItem.case_id, { oft_file_name: item.fileName, oft_file_uid: item.uid });
  });

  const handleClose = () => {
    if (register.isPending) return;
    setChosen(null);
    setProgress(null);
    register.reset();
    onClose();
  };

  const handleUpload = () => {
    if (!chosen) return;
    register.mutate(chosen, {
      onSuccess: () => setChosen(null),
      onSettled: () => setProgress(null),
    });
  };

  return (
    <Dialog open={isOpen} onClose={handleClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{fileDialogTexts.returnFileTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{fileDialogTexts.returnFileHint}</DialogContentText>
        <Button component="label" variant="outlined" disabled={register.isPending}>
          Choose File
          <input
            type="file"
            hidden
            aria-label="Return file"
            onChange={(event) => {
              setChosen(event.target.files?.[0] ?? null);
              register.reset();
            }}
          />
        </Button>
        {chosen && (
          <Typography component="span" sx={{ ml: 2, wordBreak: 'break-all' }}>
            {chosen.name}
          </Typography>
        )}
        {progress !== null && (
          <LinearProgress
            variant="determinate"
            value={progress * 100}
            sx={{ mt: 2 }}
            aria-label="Upload progress"
          />
        )}
        {register.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {register.error.message}
          </Alert>
        )}
        {register.isSuccess && (
          <Alert severity="success" sx={{ mt: 2 }}>
            Return file uploaded
          </Alert>
        )}
        {caseItem.return_files.length > 0 && (
          <>
            <Typography variant="subtitle2" sx={{ mt: 3 }}>
              {fileDialogTexts.returnFilesTitle}
            </Typography>
            <List dense>
              {caseItem.return_files.map((file) => (
                <ListItem
                  key={`${file.oft_file_uid ?? file.oft_file_name}-${file.created_at}`}
                  disableGutters
                >
                  <ListItemText
                    primary={file.oft_file_name}
                    secondary={<DateTimeText iso={file.created_at} />}
                  />
                </ListItem>
              ))}
            </List>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={handleClose} disabled={register.isPending}>
          Close
        </Button>
        <Button variant="contained" onClick={handleUpload} disabled={!chosen || register.isPending}>
          Upload
        </Button>
      </DialogActions>
    </Dialog>
  );
};
