import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useEffect, useState } from 'react';
import { shareLinkFor } from '../outsourcing-display';

const copiedFeedbackMs = 2000;

/** The partner page's address of a job (the share link staff send the partner), with copy and open. */
export const ShareLinkRow = ({ outsourceKey }: { outsourceKey: string }) => {
  const link = shareLinkFor(window.location.origin, outsourceKey);
  const [isCopied, setIsCopied] = useState(false);

  useEffect(() => {
    if (!isCopied) return undefined;
    const timer = setTimeout(() => setIsCopied(false), copiedFeedbackMs);
    return () => clearTimeout(timer);
  }, [isCopied]);

  const handleCopy = () => {
    void navigator.clipboard.writeText(link).then(() => setIsCopied(true));
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Link
        href={link}
        target="_blank"
        rel="noopener noreferrer"
        variant="body2"
        aria-label="Share link"
        sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}
      >
        {link}
      </Link>
      <Tooltip title={isCopied ? 'Copied' : 'Copy link'}>
        <IconButton aria-label="Copy share link" onClick={handleCopy} size="small">
          {isCopied ? <CheckIcon fontSize="small" color="success" /> : <ContentCopyIcon fontSize="small" />}
        </IconButton>
      </Tooltip>
      <Button
        size="small"
        href={link}
        target="_blank"
        rel="noopener noreferrer"
        endIcon={<OpenInNewIcon fontSize="small" />}
      >
        Open
      </Button>
    </Stack>
  );
};
