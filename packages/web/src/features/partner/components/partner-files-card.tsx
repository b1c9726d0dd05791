import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Fragment, useState, type ReactNode } from 'react';
import { viewerKindOf, type PartnerFile } from '@lab/domain';
import { DateTimeText } from '../../../components/date-time-text';
import { keyLinkErrorText } from '../../../lib/key-link-fetch';
import { fetchPartnerFileLink } from '../api/get-partner-file-link';
import type { PartnerPageParts } from './partner-render-props';

// A list of the job's files: each downloads through a fresh one-time link, and images, STL/PLY models and
// HTML previews also open in the file viewer. `action` holds the upload button of the returned list.

type PartnerFilesCardProps = Pick<PartnerPageParts, 'renderFileViewer' | 'openDownload'> & {
  outsourceKey: string;
  title: string;
  files: readonly PartnerFile[];
  emptyText: string;
  action?: ReactNode;
  children?: ReactNode;
};

export const formatFileSize = (bytes: number | null): string | null => {
  if (bytes === null) return null;
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
};

type FileRowProps = {
  file: PartnerFile;
  isDownloading: boolean;
  onDownload: () => void;
  onView: () => void;
};

const FileRow = ({ file, isDownloading, onDownload, onView }: FileRowProps) => {
  const size = formatFileSize(file.size_bytes);
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', py: 1, flexWrap: 'wrap', rowGap: 0.5 }}
      data-file-id={file.id}
    >
      <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere', fontWeight: 500 }}>
          {file.file_name}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          <DateTimeText iso={file.added} />
          {size && ` · ${size}`}
        </Typography>
      </Box>
      <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
        {viewerKindOf(file.file_name) !== 'download' && (
          <Button
            size="small"
            startIcon={<VisibilityIcon />}
            onClick={onView}
            aria-label={`View ${file.file_name}`}
          >
            View
          </Button>
        )}
        <Button
          size="small"
          variant="outlined"
          startIcon={isDownloading ? <CircularProgress size={16} /> : <DownloadIcon />}
          onClick={onDownload}
          disabled={isDownloading}
          aria-label={`Download ${file.file_name}`}
        >
          Download
        </Button>
      </Stack>
    </Stack>
  );
};

export const PartnerFilesCard = ({
  outsourceKey,
  title,
  files,
  emptyText,
  action,
  children,
  renderFileViewer,
  openDownload,
}: PartnerFilesCardProps) => {
  const [viewing, setViewing] = useState<PartnerFile | null>(null);
  const [downloadingId, setDownloadingId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const handleDownload = async (file: PartnerFile) => {
    setDownloadingId(file.id);
    setError(null);
    try {
      openDownload(await fetchPartnerFileLink(outsourceKey, file.id));
    } catch (failure) {
      setError(`${file.file_name}: ${keyLinkErrorText(failure)}`);
    } finally {
      setDownloadingId(null);
    }
  };

  return (
    <Card component="section" aria-label={title}>
      <CardHeader
        title={title}
        action={action}
        slotProps={{
          title: { component: 'h2', variant: 'h6' },
          action: { sx: { alignSelf: 'center', m: 0 } },
        }}
      />
      <CardContent sx={{ pt: 0 }}>
        {children}
        {error && (
          <Alert severity="error" sx={{ mb: 1 }} onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        {files.length === 0 ? (
          <Typography color="text.secondary" variant="body2">
            {emptyText}
          </Typography>
        ) : (
          files.map((file, index) => (
            <Fragment key={file.id}>
              {index > 0 && <Divider />}
              <FileRow
                file={file}
                isDownloading={downloadingId === file.id}
                onDownload={() => void handleDownload(file)}
                onView={() => setViewing(file)}
              />
            </Fragment>
          ))
        )}
      </CardContent>
      {viewing &&
        renderFileViewer({
          fileName: viewing.file_name,
          loadUrl: () => fetchPartnerFileLink(outsourceKey, viewing.id),
          onClose: () => setViewing(null),
        })}
    </Card>
  );
};
