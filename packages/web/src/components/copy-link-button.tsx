import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useCopyText } from './use-copy-text';

type CopyLinkButtonProps = {
  link: string;
  /** The button's accessible name, e.g. 'Copy share link'. */
  label: string;
};

/** The small copy button beside a link: a tick and 'Copied' after it copied, the link to copy by hand if not. */
export const CopyLinkButton = ({ link, label }: CopyLinkButtonProps) => {
  const { isCopied, copy, manualCopyDialog } = useCopyText();
  return (
    <>
      <Tooltip title={isCopied ? 'Copied' : 'Copy link'}>
        <IconButton aria-label={label} onClick={(event) => void copy(link, event.currentTarget)} size="small">
          {isCopied ? <CheckIcon fontSize="small" color="success" /> : <ContentCopyIcon fontSize="small" />}
        </IconButton>
      </Tooltip>
      {manualCopyDialog}
    </>
  );
};
