import Alert, { type AlertColor } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useState, type MouseEvent } from 'react';
import { autoMaInstruction, autoMaLink, explorerLink, folderHelperTexts } from '@lab/domain';
import { useCopyText } from '../../../components/use-copy-text';
import { copyText } from '../../../lib/copy-text';
import { usePostKeyValue } from '../api/post-key-value';
import { launchHelperLink } from '../launch-helper-link';
import { InstallPopup } from './install-popup';

type FolderHelperButtonsProps = {
  /** The case's folder on the branch's file share; null when it has none. */
  folderPath: string | null;
  /** How a helper link leaves the page (tests watch it). */
  onLaunch?: (link: string) => void;
  /** Where a copied path goes (tests watch it); rejecting shows the path to copy by hand. */
  onCopy?: (text: string) => Promise<void>;
};

type Notice = { severity: AlertColor; text: string };

/**
 * Open Case Folder, Copy Path and Start Auto MA (collection-views §5, §7): the local OEP Helper opens the
 * case's folder or starts the automation through a custom-protocol link; without a folder path each says
 * so in the spec's words.
 */
export const FolderHelperButtons = ({
  folderPath,
  onLaunch = launchHelperLink,
  onCopy,
}: FolderHelperButtonsProps) => {
  // The last notice stays while the snackbar closes, so it does not empty before it is gone.
  const [notice, setNotice] = useState<Notice | null>(null);
  const [isNoticeOpen, setIsNoticeOpen] = useState(false);
  const [isInstallShown, setIsInstallShown] = useState(false);
  const keyValue = usePostKeyValue();
  // A test's onCopy is given the path alone; the real copy also takes the clicked button.
  const { copy, manualCopyDialog } = useCopyText(onCopy ? (text) => onCopy(text) : copyText);

  const launch = (link: string) => {
    onLaunch(link);
    setIsInstallShown(true);
  };
  const show = (next: Notice) => {
    setNotice(next);
    setIsNoticeOpen(true);
  };
  const warn = (text: string) => show({ severity: 'warning', text });

  const handleOpenFolder = () => {
    if (!folderPath) return warn(folderHelperTexts.cannotOpenFolder);
    launch(explorerLink(folderPath));
  };
  const handleCopyPath = (event: MouseEvent<HTMLButtonElement>) => {
    if (!folderPath) return warn(folderHelperTexts.cannotCopyPath);
    void copy(folderPath, event.currentTarget).then((isCopied) => {
      if (isCopied) show({ severity: 'success', text: folderHelperTexts.pathCopied });
    });
  };
  const handleStartAutoMa = () => {
    if (!folderPath) return warn(folderHelperTexts.cannotStartAutoMa);
    keyValue.mutate(autoMaInstruction([folderPath]), {
      onSuccess: ({ key }) => launch(autoMaLink(key, folderPath)),
      onError: () => show({ severity: 'error', text: folderHelperTexts.autoMaFailed }),
    });
  };

  return (
    <>
      <Button variant="outlined" color="inherit" onClick={handleOpenFolder}>
        Open Case Folder
      </Button>
      <Button variant="outlined" color="inherit" onClick={handleCopyPath}>
        Copy Path
      </Button>
      <Button variant="outlined" color="inherit" onClick={handleStartAutoMa} disabled={keyValue.isPending}>
        Start Auto MA
      </Button>
      <Snackbar
        open={isNoticeOpen}
        autoHideDuration={6_000}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') setIsNoticeOpen(false);
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <Alert
          severity={notice?.severity ?? 'warning'}
          variant="filled"
          onClose={() => setIsNoticeOpen(false)}
        >
          {notice?.text}
        </Alert>
      </Snackbar>
      <InstallPopup isOpen={isInstallShown} onClose={() => setIsInstallShown(false)} />
      {manualCopyDialog}
    </>
  );
};
