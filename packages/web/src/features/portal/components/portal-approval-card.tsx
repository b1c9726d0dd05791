import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  approvalOutcomeLabel,
  approvalStatusOf,
  isApprovalOpen,
  portalApprovalActionLabels,
  portalApprovalActions,
  portalTexts,
  type PortalApproval,
  type PortalApprovalAction,
  type PortalMessage,
} from '@lab/domain';
import { LazyConfirmDialog } from '../../../components/lazy-confirm-dialog';
import { lazyDialog } from '../../../components/lazy-part';
import { DateTimeText } from '../../../components/date-time-text';
import { keyLinkErrorText } from '../../../lib/key-link-fetch';
import { useNow } from '../../../lib/use-now';
import { useAnswerApproval } from '../api/answer-approval';
import type { ApprovalChanges } from './approval-changes-dialog';
import type { RenderPortalFiles } from './portal-render-props';

// Shown only when the client answers: the portal (opened on phones) downloads it then.
const ApprovalChangesDialog = lazyDialog(
  () => import('./approval-changes-dialog').then((module) => module.ApprovalChangesDialog),
  () => true,
);
/** For tests to load before they open a dialog. */
export const portalApprovalCardParts = [LazyConfirmDialog, ApprovalChangesDialog];

// An approval request as the client sees it (collection-views §2 'Approval card', §4 'Approval status'):
// the design files, and while it waits for the client the three answers; once answered, how it was
// answered. Read-only mode shows the request and its state, and asks nothing: no answers, no 'your'.

export const portalApprovalTexts = {
  approveTitle: 'Approve design',
  approveQuestion: 'Are you sure you want to approve this design?',
  approved: 'Approved',
  approvedWithChanges: 'Approved with changes',
  changesRequested: 'Changes Requested',
  cancelled: 'Cancelled',
  waiting: 'Waiting for your approval',
  waitingReadOnly: 'Waiting for approval',
  // Still open (an answer is still taken), but no longer as if nothing were late.
  overdue: 'Overdue',
  answerBy: 'Please answer by',
  answerDue: 'Answer due',
  answerWasDue: 'Answer was due',
  yourChanges: 'Your changes',
  changesReadOnly: 'Changes',
  yourFiles: 'Your photos and files',
  filesReadOnly: 'Photos and files sent with the answer',
} as const;

// Re-reading the clock twice a minute is enough to mark a request overdue while the page is open.
const overdueClockMs = 30_000;

type PortalApprovalCardProps = {
  approval: PortalApproval;
  portalKey: string;
  isReadOnly: boolean;
  renderFiles: RenderPortalFiles;
  /** The client's answers to it that came with files (approvalAnswerMessages): shown on the card. */
  answers?: readonly PortalMessage[] | undefined;
};

type Answered = { label: string; tone: 'success' | 'warning' | 'default'; at: string | null };

const answeredOf = (approval: PortalApproval): Answered => {
  const outcome = approvalOutcomeLabel(approval, new Date());
  if (outcome === 'Cancelled')
    return { label: portalApprovalTexts.cancelled, tone: 'default', at: approval.cancelled_at };
  if (outcome === 'Approved with changes') {
    return { label: portalApprovalTexts.approvedWithChanges, tone: 'success', at: approval.approved_at };
  }
  if (outcome === 'Approved') {
    return { label: portalApprovalTexts.approved, tone: 'success', at: approval.approved_at };
  }
  return { label: portalApprovalTexts.changesRequested, tone: 'warning', at: approval.changes_requested_at };
};

const actionColors: Record<PortalApprovalAction, 'success' | 'primary' | 'warning'> = {
  approve: 'success',
  approve_with_changes: 'primary',
  request_changes: 'warning',
};

export const PortalApprovalCard = ({
  approval,
  portalKey,
  isReadOnly,
  renderFiles,
  answers = [],
}: PortalApprovalCardProps) => {
  const answer = useAnswerApproval(portalKey);
  const [dialog, setDialog] = useState<PortalApprovalAction | null>(null);
  const isOpen = isApprovalOpen(approval);
  const now = useNow(overdueClockMs, isOpen);
  const isOverdue = isOpen && approvalStatusOf(approval, new Date(now)) === 'Overdue';
  const answered = isOpen ? null : answeredOf(approval);
  const canAnswer = isOpen && !isReadOnly;
  const answerFiles = answers.flatMap((message) =>
    message.attachments.map((attachment) => ({
      type: 'message_attachment' as const,
      id: attachment.uid,
      fileName: attachment.file_name,
    })),
  );

  const send = (action: PortalApprovalAction, changes: ApprovalChanges = { changes: '', files: [] }) =>
    answer.mutate(
      { approvalUid: approval.uid, action, changes: changes.changes, files: changes.files },
      { onSuccess: () => setDialog(null) },
    );
  const openDialog = (action: PortalApprovalAction) => {
    answer.reset();
    setDialog(action);
  };

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={`Approval request: ${approval.approval_type_name}`}
      data-approval-uid={approval.uid}
      sx={{ p: 2, borderColor: isOpen ? 'warning.main' : 'divider', borderWidth: isOpen ? 2 : 1 }}
    >
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600, flexGrow: 1 }}>
            {approval.approval_type_name}
          </Typography>
          {answered && <Chip size="small" label={answered.label} color={answered.tone} />}
          {isOverdue && <Chip size="small" label={portalApprovalTexts.overdue} color="error" />}
          {isOpen && !isOverdue && (
            <Chip
              size="small"
              label={isReadOnly ? portalApprovalTexts.waitingReadOnly : portalApprovalTexts.waiting}
              color="warning"
              variant="outlined"
            />
          )}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          Requested <DateTimeText iso={approval.created_at} />
          {isOpen && !isOverdue && (
            <>
              {' · '}
              {isReadOnly ? portalApprovalTexts.answerDue : portalApprovalTexts.answerBy}{' '}
              <DateTimeText iso={approval.approval_due_at} />
            </>
          )}
          {isOverdue && (
            <>
              {' · '}
              <Box component="span" sx={{ color: 'error.main', fontWeight: 600 }} data-overdue>
                {portalApprovalTexts.answerWasDue} <DateTimeText iso={approval.approval_due_at} />
              </Box>
            </>
          )}
          {answered?.at && (
            <>
              {' · '}
              {answered.label} <DateTimeText iso={answered.at} />
            </>
          )}
        </Typography>
        {approval.changes && (
          <Box sx={{ borderLeft: 3, borderColor: 'warning.main', pl: 1.5 }}>
            <Typography variant="caption" color="text.secondary">
              {isReadOnly ? portalApprovalTexts.changesReadOnly : portalApprovalTexts.yourChanges}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {approval.changes}
            </Typography>
          </Box>
        )}
        {answerFiles.length > 0 && (
          <Stack spacing={0.5}>
            <Typography variant="caption" color="text.secondary">
              {isReadOnly ? portalApprovalTexts.filesReadOnly : portalApprovalTexts.yourFiles}
            </Typography>
            {renderFiles(answerFiles)}
          </Stack>
        )}
        {approval.approval_files.length > 0 &&
          renderFiles(
            approval.approval_files.map((file) => ({
              type: 'approval_file',
              id: file.id,
              fileName: file.filename,
            })),
          )}
        {isOpen && approval.voids_warranty && (
          <Alert severity="error" variant="filled">
            <AlertTitle>Warranty</AlertTitle>
            {portalTexts.voidsWarranty}
          </Alert>
        )}
        {answer.isError && dialog === null && (
          <Alert severity="error">{keyLinkErrorText(answer.error)}</Alert>
        )}
        {canAnswer && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            {portalApprovalActions.map((action) => (
              <Button
                key={action}
                variant={action === 'approve' ? 'contained' : 'outlined'}
                color={actionColors[action]}
                size="large"
                disabled={answer.isPending}
                onClick={() => openDialog(action)}
                sx={{ flex: { sm: 1 } }}
              >
                {portalApprovalActionLabels[action]}
              </Button>
            ))}
          </Stack>
        )}
      </Stack>
      <LazyConfirmDialog
        isOpen={dialog === 'approve'}
        title={portalApprovalTexts.approveTitle}
        message={
          <Stack spacing={2}>
            <span>{portalApprovalTexts.approveQuestion}</span>
            {approval.voids_warranty && <Alert severity="error">{portalTexts.voidsWarranty}</Alert>}
            {answer.isError && <Alert severity="error">{keyLinkErrorText(answer.error)}</Alert>}
          </Stack>
        }
        confirmLabel={portalApprovalActionLabels.approve}
        isBusy={answer.isPending}
        onConfirm={() => send('approve')}
        onCancel={() => setDialog(null)}
      />
      {(dialog === 'approve_with_changes' || dialog === 'request_changes') && (
        <ApprovalChangesDialog
          action={dialog}
          approvalName={approval.approval_type_name}
          isSending={answer.isPending}
          error={answer.error}
          onSubmit={(changes) => send(dialog, changes)}
          onClose={() => setDialog(null)}
        />
      )}
    </Paper>
  );
};
