import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useRef, useState, type ChangeEvent } from 'react';
import { partnerTexts, type PartnerJob } from '@lab/domain';
import { keyLinkErrorText } from '../../../lib/key-link-fetch';
import { useUploadPartnerFiles } from '../api/upload-partner-files';
import { PartnerFilesCard } from './partner-files-card';
import type { PartnerPageParts } from './partner-render-props';

// 'Files you returned' with the upload: choose one or more files and they go at once, with a progress
// bar; a refusal (type, content, size) shows the server's message in the card. An ended job lists only.

export const uploadTexts = { button: 'Upload files', uploading: 'Uploading…' } as const;

type PartnerReturnedFilesCardProps = Pick<PartnerPageParts, 'renderFileViewer' | 'openDownload'> & {
  outsourceKey: string;
  job: PartnerJob;
};

const percent = (fraction: number) => Math.round(fraction * 100);

export const PartnerReturnedFilesCard = ({ outsourceKey, job, ...parts }: PartnerReturnedFilesCardProps) => {
  const upload = useUploadPartnerFiles(outsourceKey);
  const [progress, setProgress] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const isSending = progress > 0 && progress < 1;

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // The same file chosen again after a refusal must fire a change again.
    event.target.value = '';
    if (files.length === 0) return;
    setProgress(0);
    upload.mutate({ files, onProgress: setProgress });
  };

  const action = job.ended ? undefined : (
    <>
      <input
        ref={inputRef}
        type="file"
        multiple
        hidden
        onChange={handleChange}
        aria-label="Choose return files"
        data-testid="partner-upload-input"
      />
      <Button
        variant="contained"
        size="small"
        startIcon={<UploadFileIcon />}
        onClick={() => inputRef.current?.click()}
        disabled={upload.isPending}
      >
        {upload.isPending ? uploadTexts.uploading : uploadTexts.button}
      </Button>
    </>
  );

  return (
    <PartnerFilesCard
      {...parts}
      outsourceKey={outsourceKey}
      title={partnerTexts.filesReturnedTitle}
      files={job.received_files}
      emptyText={partnerTexts.noFilesReturned}
      action={action}
    >
      {upload.isPending && (
        <Box sx={{ mb: 1.5 }}>
          <LinearProgress
            variant={isSending ? 'determinate' : 'indeterminate'}
            value={percent(progress)}
            aria-label="Upload progress"
          />
          <Typography variant="caption" color="text.secondary">
            {isSending ? `${percent(progress)} %` : uploadTexts.uploading}
          </Typography>
        </Box>
      )}
      {upload.isError && (
        <Alert severity="error" sx={{ mb: 1.5 }} onClose={() => upload.reset()}>
          {keyLinkErrorText(upload.error)}
        </Alert>
      )}
    </PartnerFilesCard>
  );
};
