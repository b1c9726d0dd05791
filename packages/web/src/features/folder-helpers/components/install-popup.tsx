import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { folderHelperTexts, installPopupMs, oepHelperDownloadUrl } from '@lab/domain';

type InstallPopupProps = { isOpen: boolean; onClose: () => void };

/** Shown for 5 s after a helper link was launched (§2, §9): the way to the helper for those without it. */
export const InstallPopup = ({ isOpen, onClose }: InstallPopupProps) => (
  <Snackbar
    open={isOpen}
    autoHideDuration={installPopupMs}
    // The helper taking the focus must not hold the popup open: it shows for 5 s (§9).
    disableWindowBlurListener
    onClose={(_event, reason) => {
      if (reason !== 'clickaway') onClose();
    }}
    anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
  >
    <Alert
      severity="info"
      variant="filled"
      data-testid="install-popup"
      action={
        <Button
          color="inherit"
          size="small"
          href={oepHelperDownloadUrl}
          target="_blank"
          rel="noopener noreferrer"
        >
          {folderHelperTexts.downloadNow}
        </Button>
      }
    >
      {folderHelperTexts.installHint}
    </Alert>
  </Snackbar>
);
