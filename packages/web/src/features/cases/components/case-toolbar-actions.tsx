import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { useState, type ReactNode } from 'react';
import { caseDialogTexts, type CollectionCase, type PrintDocumentType } from '@lab/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useCaseAction } from '../api/post-case-action';
import { findToolbarButtons } from '../case-header-rules';
import { ProgressDialog } from './progress-dialog';
import { RedoDialog } from './redo-dialog';

/** Dialogs of other features the toolbar opens; the page composes them (features never import each other). */
export type ToolbarFeatureDialogs = {
  renderReturnFile: (isOpen: boolean, onClose: () => void) => ReactNode;
  renderPhoto: (isOpen: boolean, onClose: () => void) => ReactNode;
  /** The Print Options dialog (features/printing), on the label unless another document is named. */
  renderPrint: (isOpen: boolean, onClose: () => void, documentType?: PrintDocumentType) => ReactNode;
  /** Buttons of other features beside the toolbar's own: the folder helpers and the component export. */
  renderCaseTools?: () => ReactNode;
};

type CaseToolbarActionsProps = {
  collectionUid: string;
  caseItem: CollectionCase;
  onOpenCase: (caseUid: string) => void;
  featureDialogs?: ToolbarFeatureDialogs | undefined;
};

type OpenDialog = 'progress' | 'redo' | 'markAsDone' | 'received' | 'returnFile' | 'photo' | 'print' | null;

/** The drawer toolbar's buttons, gated as spec §2 says, and the dialogs they open. */
export const CaseToolbarActions = ({
  collectionUid,
  caseItem,
  onOpenCase,
  featureDialogs,
}: CaseToolbarActionsProps) => {
  const [openDialog, setOpenDialog] = useState<OpenDialog>(null);
  const [isReceivedEmailSent, setIsReceivedEmailSent] = useState(false);
  const caseAction = useCaseAction(collectionUid);
  const buttons = findToolbarButtons(caseItem);
  const close = () => {
    setOpenDialog(null);
    caseAction.reset();
  };

  const handleMarkAsDone = () =>
    caseAction.mutate({ caseId: caseItem.case_id, action: { action: 'mark_as_done' } }, { onSuccess: close });
  const handleReceived = () =>
    caseAction.mutate(
      { caseId: caseItem.case_id, action: { action: 'received', send_email: isReceivedEmailSent } },
      { onSuccess: close },
    );
  const actionError = caseAction.error ? (
    <p style={{ color: '#d32f2f' }}>{caseAction.error.message}</p>
  ) : null;

  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {buttons.canUploadReturnFile && (
        <Button variant="outlined" color="inherit" onClick={() => setOpenDialog('returnFile')}>
          Upload Return File
        </Button>
      )}
      {buttons.canMarkAsDone && (
        <Button variant="outlined" color="inherit" onClick={() => setOpenDialog('markAsDone')}>
          Mark as Done
        </Button>
      )}
      {buttons.canProgress && (
        <Button variant="outlined" color="inherit" onClick={() => setOpenDialog('progress')}>
          Progress
        </Button>
      )}
      {buttons.canRedo && (
        <Button variant="outlined" color="inherit" onClick={() => setOpenDialog('redo')}>
          Redo
        </Button>
      )}
      {buttons.canReceive && (
        <Button variant="outlined" color="inherit" onClick={() => setOpenDialog('received')}>
          Received
        </Button>
      )}
      {featureDialogs?.renderCaseTools?.()}
      <Button variant="outlined" color="inherit" onClick={() => setOpenDialog('photo')}>
        Photo
      </Button>
      <Button variant="outlined" color="inherit" onClick={() => setOpenDialog('print')}>
        Print
      </Button>

      <ProgressDialog
        collectionUid={collectionUid}
        caseItem={caseItem}
        isOpen={openDialog === 'progress'}
        onClose={close}
      />
      <RedoDialog
        collectionUid={collectionUid}
        caseItem={caseItem}
        isOpen={openDialog === 'redo'}
        onClose={close}
        onCreated={onOpenCase}
      />
      <ConfirmDialog
        isOpen={openDialog === 'markAsDone'}
        title="Mark as Done"
        message={
          <>
            {caseDialogTexts.markAsDone}
            {actionError}
          </>
        }
        isBusy={caseAction.isPending}
        onConfirm={handleMarkAsDone}
        onCancel={close}
      />
      <ConfirmDialog
        isOpen={openDialog === 'received'}
        title="Received"
        message={
          <>
            {caseDialogTexts.received}
            <FormControlLabel
              sx={{ display: 'flex', mt: 1 }}
              control={
                <Checkbox
                  checked={isReceivedEmailSent}
                  onChange={(event) => setIsReceivedEmailSent(event.target.checked)}
                />
              }
              label={caseDialogTexts.sendReceivedEmail}
            />
            {actionError}
          </>
        }
        isBusy={caseAction.isPending}
        onConfirm={handleReceived}
        onCancel={close}
      />
      {featureDialogs?.renderReturnFile(openDialog === 'returnFile', close)}
      {featureDialogs?.renderPhoto(openDialog === 'photo', close)}
      {featureDialogs?.renderPrint(openDialog === 'print', close)}
    </Stack>
  );
};
