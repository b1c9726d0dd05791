import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { CopyLinkButton } from '../../../components/copy-link-button';
import { shareLinkFor } from '../outsourcing-display';

/** The partner page's address of a job (the share link staff send the partner), with copy and open. */
export const ShareLinkRow = ({ outsourceKey }: { outsourceKey: string }) => {
  const link = shareLinkFor(window.location.origin, outsourceKey);
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
      <CopyLinkButton link={link} label="Copy share link" />
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
