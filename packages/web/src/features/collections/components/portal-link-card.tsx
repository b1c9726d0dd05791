import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useEffect, useState } from 'react';
import { portalLinkFor } from '@lab/domain';

const copiedFeedbackMs = 2000;

/** The customer portal address of this collection, with a copy button. */
export const PortalLinkCard = ({ portalKey }: { portalKey: string }) => {
  const link = portalLinkFor(window.location.origin, portalKey);
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
    <Card variant="outlined">
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          Portal Link
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Link
            href={link}
            target="_blank"
            rel="noopener noreferrer"
            variant="body2"
            sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}
          >
            {link}
          </Link>
          <Tooltip title={isCopied ? 'Copied' : 'Copy link'}>
            <IconButton aria-label="Copy portal link" onClick={handleCopy} size="small">
              {isCopied ? (
                <CheckIcon fontSize="small" color="success" />
              ) : (
                <ContentCopyIcon fontSize="small" />
              )}
            </IconButton>
          </Tooltip>
        </Stack>
      </CardContent>
    </Card>
  );
};
