import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import LanguageIcon from '@mui/icons-material/Language';
import UploadIcon from '@mui/icons-material/Upload';
import ViewInArIcon from '@mui/icons-material/ViewInAr';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useRef, useState, type ChangeEvent } from 'react';
import { fileDialogTexts, viewerKindOf, type CaseFile, type ViewerKind } from '@lab/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DateTimeText } from '../../../components/date-time-text';

const kindIcons: Record<ViewerKind, typeof ImageOutlinedIcon> = {
  image: ImageOutlinedIcon,
  model: ViewInArIcon,
  html: LanguageIcon,
  download: InsertDriveFileOutlinedIcon,
};

export type FileListCardProps = {
  title: string;
  files: readonly CaseFile[];
  /** Absent for lists nobody uploads to from here (outsource received files come from partners). */
  onUpload?: (files: File[], onProgress: (fraction: number) => void) => Promise<void>;
  onDelete: (file: CaseFile) => Promise<void>;
  onOpen: (file: CaseFile) => void;
  onDownload: (file: CaseFile) => Promise<void>;
};

/** One card of the Files tab: the list (256 px high, scrolling), upload and delete per file. */
export const FileListCard = ({ title, files, onUpload, onDelete, onOpen, onDownload }: FileListCardProps) => {
  const inputRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pendingDelete, setPendingDelete] = useState<CaseFile | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);

  const handleChoose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (!onUpload || chosen.length === 0) return;
    setError(null);
    setProgress(0);
    try {
      await onUpload(chosen, setProgress);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : fileDialogTexts.uploadFailed);
    } finally {
      setProgress(null);
    }
  };

  const handleConfirmDelete = async () => {
    if (!pendingDelete) return;
    setIsDeleting(true);
    setError(null);
    try {
      await onDelete(pendingDelete);
      setPendingDelete(null);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : fileDialogTexts.linkFailed);
      setPendingDelete(null);
    } finally {
      setIsDeleting(false);
    }
  };

  const handleDownload = (file: CaseFile) => {
    setError(null);
    onDownload(file).catch((failure: unknown) =>
      setError(failure instanceof Error ? failure.message : fileDialogTexts.linkFailed),
    );
  };

  return (
    <Card variant="outlined" aria-label={title}>
      <CardHeader
        title={title}
        subheader={`${files.length} ${files.length === 1 ? 'file' : 'files'}`}
        slotProps={{ title: { variant: 'h6', component: 'h3' } }}
        action={
          onUpload && (
            <>
              <Button
                startIcon={<UploadIcon />}
                disabled={progress !== null}
                onClick={() => inputRef.current?.click()}
              >
                Upload
              </Button>
              <input
                ref={inputRef}
                type="file"
                multiple
                hidden
                aria-label={`Upload ${title}`}
                onChange={(event) => void handleChoose(event)}
              />
            </>
          )
        }
      />
      {progress !== null && (
        <LinearProgress variant={progress > 0 ? 'determinate' : 'indeterminate'} value={progress * 100} />
      )}
      <CardContent sx={{ pt: 0 }}>
        {error && (
          <Alert severity="error" onClose={() => setError(null)} sx={{ mb: 1 }}>
            {error}
          </Alert>
        )}
        {files.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {fileDialogTexts.noFiles}
          </Typography>
        ) : (
          <List dense sx={{ height: 256, overflowY: 'auto' }}>
            {files.map((file) => {
              const Icon = kindIcons[viewerKindOf(file.filename)];
              return (
                <ListItem
                  key={file.id}
                  disablePadding
                  secondaryAction={
                    <>
                      <Tooltip title="Download">
                        <IconButton
                          aria-label={`Download ${file.filename}`}
                          onClick={() => handleDownload(file)}
                        >
                          <DownloadIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title="Delete">
                        <IconButton
                          aria-label={`Delete ${file.filename}`}
                          onClick={() => setPendingDelete(file)}
                        >
                          <DeleteOutlineIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </>
                  }
                >
                  <ListItemButton onClick={() => onOpen(file)} sx={{ pr: 12 }}>
                    <ListItemIcon sx={{ minWidth: 36 }}>
                      <Icon fontSize="small" />
                    </ListItemIcon>
                    <ListItemText
                      primary={
                        <>
                          {file.filename}
                          {file.blurred && <Chip label="Edited" size="small" sx={{ ml: 1 }} />}
                        </>
                      }
                      secondary={
                        <>
                          <DateTimeText iso={file.added} />
                          {file.partner ? ` · ${file.partner}` : ''}
                        </>
                      }
                      slotProps={{ primary: { sx: { wordBreak: 'break-all' } } }}
                    />
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
        )}
      </CardContent>
      <ConfirmDialog
        isOpen={pendingDelete !== null}
        title={fileDialogTexts.deleteTitle}
        message={pendingDelete ? fileDialogTexts.deleteFile(pendingDelete.filename) : ''}
        isBusy={isDeleting}
        onConfirm={() => void handleConfirmDelete()}
        onCancel={() => setPendingDelete(null)}
      />
    </Card>
  );
};
