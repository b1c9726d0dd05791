import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { fileDialogTexts, serviceFileName, type CollectionCase } from '@lab/domain';
import { DateTimeText } from '../../../components/date-time-text';
import { fetchFileServiceLink } from '../api/file-service';
import { openDownload } from '../open-download';

type ReturnFilesCardProps = {
  fileTransferUrl: string;
  returnFiles: CollectionCase['return_files'];
};

/** The return files registered with Upload Return File, downloaded through the file service. */
export const ReturnFilesCard = ({ fileTransferUrl, returnFiles }: ReturnFilesCardProps) => {
  const [error, setError] = useState<string | null>(null);
  const handleDownload = (file: CollectionCase['return_files'][number]) => {
    if (!file.oft_file_uid) return;
    setError(null);
    fetchFileServiceLink(fileTransferUrl, serviceFileName(file.oft_file_uid, file.oft_file_name))
      .then(openDownload)
      .catch((failure: unknown) =>
        setError(failure instanceof Error ? failure.message : fileDialogTexts.linkFailed),
      );
  };
  return (
    <Card variant="outlined" aria-label={fileDialogTexts.returnFilesTitle}>
      <CardHeader
        title={fileDialogTexts.returnFilesTitle}
        slotProps={{ title: { variant: 'h6', component: 'h3' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {error && (
          <Alert severity="error" onClose={() => setError(null)} sx={{ mb: 1 }}>
            {error}
          </Alert>
        )}
        {returnFiles.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {fileDialogTexts.noFiles}
          </Typography>
        ) : (
          <List dense sx={{ maxHeight: 256, overflowY: 'auto' }}>
            {returnFiles.map((file) => (
              <ListItem
                key={`${file.oft_file_uid ?? file.oft_file_name}-${file.created_at}`}
                secondaryAction={
                  file.oft_file_uid && (
                    <IconButton
                      aria-label={`Download ${file.oft_file_name}`}
                      onClick={() => handleDownload(file)}
                    >
                      <DownloadIcon fontSize="small" />
                    </IconButton>
                  )
                }
              >
                <ListItemText
                  primary={file.oft_file_name}
                  secondary={<DateTimeText iso={file.created_at} />}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
};
