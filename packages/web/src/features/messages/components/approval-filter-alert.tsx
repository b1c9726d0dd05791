import Alert from '@mui/material/Alert';
import { messageTextsExtra } from '@lab/domain';

type ApprovalFilterAlertProps = { label: string; onDismiss: () => void };

/** Shown while an approval filter is active; dismissing it clears the filter. */
export const ApprovalFilterAlert = ({ label, onDismiss }: ApprovalFilterAlertProps) => (
  <Alert severity="info" onClose={onDismiss}>
    {messageTextsExtra.approvalFilterActive}: <strong>{label}</strong>
  </Alert>
);
