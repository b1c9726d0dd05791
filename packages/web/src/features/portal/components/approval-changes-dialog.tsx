import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { portalApprovalActionLabels, portalTexts, type PortalApprovalAction } from '@lab/domain';
import { isKeyLinkError, keyLinkErrorText } from '../../../lib/key-link-fetch';
import { ChosenFiles } from './chosen-files';

// Approve with changes / Request changes (collection-views §5 'Approval changes (portal)'): the details
// text must not be blank; attachments are optional and may be several.

export type ApprovalChanges = { changes: string; files: File[] };

type ApprovalChangesDialogProps = {
  action: Exclude<PortalApprovalAction, 'approve'>;
  approvalName: string;
  isSending: boolean;
  /** The last refusal of this answer: field messages show under the fields, the rest above them. */
  error: unknown;
  onSubmit: (changes: ApprovalChanges) => void;
  onClose: () => void;
};

const introTexts: Record<ApprovalChangesDialogProps['action'], string> = {
  approve_with_changes: 'Approve the design on condition of the changes you describe below.',
  request_changes: 'Describe what should change. The lab will send you a new design to approve.',
};

export const ApprovalChangesDialog = ({
  action,
  approvalName,
  isSending,
  error,
  onSubmit,
  onClose,
}: ApprovalChangesDialogProps) => {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const [changes, setChanges] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [hasTried, setHasTried] = useState(false);

  const isBlank = changes.trim() === '';
  const serverFields = isKeyLinkError(error) ? error.fields : undefined;
  const detailsError = hasTried && isBlank ? portalTexts.cannotBeBlank : serverFields?.['changes'];
  const otherServerFields = Object.entries(serverFields ?? {}).filter(([field]) => field !== 'changes');
  const generalError =
    error && !serverFields?.['changes']
      ? otherServerFields.length > 0
        ? otherServerFields.map(([, message]) => message).join(' ')
        : keyLinkErrorText(error)
      : null;

  const handleSubmit = () => {
    setHasTried(true);
    if (isBlank || isSending) return;
    onSubmit({ changes: changes.trim(), files });
  };
  return (
    <Dialog
      open
      fullWidth
      maxWidth="sm"
      fullScreen={isPhone}
      onClose={isSending ? undefined : onClose}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{portalApprovalActionLabels[action]}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 0.5 }}>
          <Typography variant="body2" color="text.secondary">
            {approvalName}: {introTexts[action]}
          </Typography>
          {generalError && <Alert severity="error">{generalError}</Alert>}
          <TextField
            label="Details"
            required
            multiline
            minRows={4}
            fullWidth
            autoFocus
            value={changes}
            onChange={(event) => setChanges(event.target.value)}
            error={detailsError !== undefined}
            helperText={detailsError}
            disabled={isSending}
          />
          <ChosenFiles
            files={files}
            inputLabel="Attachments"
            buttonText="Add attachments"
            isDisabled={isSending}
            onChange={setFiles}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={isSending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          color={action === 'request_changes' ? 'warning' : 'primary'}
          onClick={handleSubmit}
          disabled={isSending}
          startIcon={isSending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {portalApprovalActionLabels[action]}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
