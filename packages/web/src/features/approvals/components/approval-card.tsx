import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import { useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import {
  approvalMessages,
  approvalOutcomeLabel,
  canCancelReminders,
  isApprovalOpen,
  isApprovedWithChanges,
  type CollectionApproval,
  type CollectionCase,
} from '@lab/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DateTimeText } from '../../../components/date-time-text';
import { useNow } from '../../../lib/use-now';
import { useAttachApprovalFiles } from '../api/attach-approval-files';
import { useDeleteApprovalFile } from '../api/delete-approval-file';
import { useUpdateApproval, type ApprovalAction } from '../api/update-approval';
import {
  actorText,
  approvalEvents,
  approvalStatusColors,
  reminderText,
  type ApprovalFile,
  type CurrentUser,
} from '../approval-display';

export type ApprovalCardCallbacks = {
  /** Opens the case in the components view; the button is left out without it. */
  onOpenCase?: (caseUid: string) => void;
  /** Opens the notes and messages of this approval (the page decides where). */
  onMessage: (approval: CollectionApproval) => void;
  /** Shows an approval file (a case file of type approval_file). */
  onViewFile: (approval: CollectionApproval, file: ApprovalFile) => void;
  /** The messages view filtered to this approval. */
  onShowMessages: (approval: CollectionApproval) => void;
  /**
   * The photos and files the client sent with their answer (kept with the answer's message), shown on the
   * card under the client's changes; nothing when left out or when there are none.
   */
  renderAnswerFiles?: (approval: CollectionApproval) => ReactNode;
};

export type ApprovalCardProps = ApprovalCardCallbacks & {
  approval: CollectionApproval;
  collectionUid: string;
  /** The type's name from the reference list (the code when unknown). */
  typeName: string;
  /** The approval's case, for its key and job type; undefined when the collection no longer lists it. */
  caseItem: CollectionCase | undefined;
  /** The signed-in user: their stamps read 'You'. */
  currentUser: CurrentUser | null;
};

type PendingConfirm =
  { kind: 'action'; action: ApprovalAction; text: string } | { kind: 'deleteFile'; file: ApprovalFile };

const confirmTitles: Record<ApprovalAction, string> = {
  approve: 'Approve',
  cancel: 'Cancel Approval Request',
  cancel_reminders: 'Cancel Reminders',
};

// Re-reading the clock twice a minute is enough to turn Pending into Overdue on screen.
const statusClockMs = 30_000;

const Detail = ({ label, children }: { label: string; children: ReactNode }) => (
  <Typography variant="body2">
    <Box component="span" sx={{ color: 'text.secondary' }}>
      {label}:
    </Box>{' '}
    {children}
  </Typography>
);

const Stamp = ({ iso, actor }: { iso: string; actor: string | null }) => (
  <>
    <DateTimeText iso={iso} />
    {actor && ` by ${actor}`}
  </>
);

/** One approval request (case-workspace §2 'Approval', §4 'Approval status'). */
export const ApprovalCard = ({
  approval,
  collectionUid,
  typeName,
  caseItem,
  currentUser,
  onOpenCase,
  onMessage,
  onViewFile,
  onShowMessages,
  renderAnswerFiles,
}: ApprovalCardProps) => {
  const now = useNow(statusClockMs);
  // 'Approved with changes' as the portal says it, else the status.
  const status = approvalOutcomeLabel(approval, new Date(now));
  const answerFiles = renderAnswerFiles?.(approval);
  const isOpen = isApprovalOpen(approval);
  const update = useUpdateApproval(collectionUid);
  const attach = useAttachApprovalFiles(collectionUid);
  const removeFile = useDeleteApprovalFile(collectionUid);
  const inputRef = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<PendingConfirm | null>(null);
  const [error, setError] = useState<string | null>(null);
  const isBusy = update.isPending || attach.isPending || removeFile.isPending;

  const caseText = caseItem ? `${caseItem.case_mkey} · ${caseItem.job_type}` : approval.case_uid;

  const run = async (call: () => Promise<unknown>) => {
    setError(null);
    try {
      await call();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(null);
    }
  };

  const handleConfirm = () => {
    if (!pending) return;
    if (pending.kind === 'action') {
      void run(() => update.mutateAsync({ approvalUid: approval.uid, action: pending.action }));
    } else {
      void run(() => removeFile.mutateAsync(pending.file.id));
    }
  };

  const handleChooseFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length > 0) void run(() => attach.mutateAsync({ approvalUid: approval.uid, files }));
  };

  const askAction = (action: ApprovalAction, text: string) => setPending({ kind: 'action', action, text });

  return (
    <Card variant="outlined" aria-label={`${typeName} ${caseText}`}>
      <CardHeader
        title={typeName}
        slotProps={{ title: { variant: 'h6', component: 'h3' } }}
        subheader={
          onOpenCase && caseItem ? (
            <Link component="button" variant="body2" onClick={() => onOpenCase(caseItem.uid)}>
              {caseText}
            </Link>
          ) : (
            caseText
          )
        }
        action={<Chip label={status} color={approvalStatusColors[status]} size="small" />}
      />
      {isBusy && <LinearProgress aria-label="Saving approval" />}
      <CardContent sx={{ pt: 0 }}>
        <Stack spacing={1.5}>
          {error && (
            <Alert severity="error" onClose={() => setError(null)}>
              {error}
            </Alert>
          )}
          <Stack spacing={0.5}>
            <Detail label="Created">
              <Stamp iso={approval.created_at} actor={actorText(approval.created_by, currentUser)} />
            </Detail>
            <Detail label="Due">
              <DateTimeText iso={approval.approval_due_at} />
            </Detail>
            {approval.approved_at && (
              <Detail label="Approved">
                <Stamp iso={approval.approved_at} actor={actorText(approval.approved_by, currentUser)} />
              </Detail>
            )}
            {approval.cancelled_at && (
              <Detail label="Cancelled">
                <Stamp iso={approval.cancelled_at} actor={actorText(approval.cancelled_by, currentUser)} />
              </Detail>
            )}
            {/* Reminders end with the request (approved, cancelled or answered): a closed one offers no
                cancel and shows no next reminder, even if a stale next time is still listed. */}
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="body2">{reminderText(approval)}</Typography>
              {isOpen && canCancelReminders(approval) && (
                <Button
                  size="small"
                  disabled={isBusy}
                  onClick={() => askAction('cancel_reminders', approvalMessages.cancelRemindersConfirm)}
                >
                  Cancel reminders
                </Button>
              )}
            </Stack>
            {isOpen && approval.send_reminders && approval.next_reminder_due && (
              <Detail label="Next reminder due">
                <DateTimeText iso={approval.next_reminder_due} />
              </Detail>
            )}
          </Stack>
          {(approval.changes || answerFiles) && (
            <Alert severity="info" icon={false} slotProps={{ message: { sx: { width: '100%' } } }}>
              <Typography variant="subtitle2" component="div">
                {isApprovedWithChanges(approval) ? 'Changes to the approved design' : 'Requested changes'}
              </Typography>
              {approval.changes && (
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                  {approval.changes}
                </Typography>
              )}
              {answerFiles && (
                <Box sx={{ mt: 1 }} role="group" aria-label="Files sent with the answer">
                  {answerFiles}
                </Box>
              )}
            </Alert>
          )}
          <Box
            component="ol"
            aria-label="Approval timeline"
            sx={{
              maxHeight: 500,
              overflowY: 'auto',
              m: 0,
              pl: 1.5,
              listStyle: 'none',
              borderLeft: 2,
              borderColor: 'divider',
            }}
          >
            {approvalEvents(approval).map((event) => (
              <Typography component="li" variant="body2" key={event.key}>
                {event.label} · <Stamp iso={event.at} actor={actorText(event.actor, currentUser)} />
              </Typography>
            ))}
          </Box>
          <Box>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="subtitle2" component="h4" sx={{ flexGrow: 1 }}>
                Files ({approval.approval_files.length})
              </Typography>
              {isOpen && (
                <>
                  <Button
                    size="small"
                    startIcon={<AttachFileIcon />}
                    disabled={isBusy}
                    onClick={() => inputRef.current?.click()}
                  >
                    Attach Files
                  </Button>
                  <input
                    ref={inputRef}
                    type="file"
                    multiple
                    hidden
                    aria-label="Attach approval files"
                    onChange={handleChooseFiles}
                  />
                </>
              )}
            </Stack>
            <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {approval.approval_files.map((file) => (
                <Stack component="li" key={file.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <InsertDriveFileOutlinedIcon fontSize="small" color="action" />
                  <Link
                    component="button"
                    variant="body2"
                    onClick={() => onViewFile(approval, file)}
                    sx={{ textAlign: 'left', wordBreak: 'break-all' }}
                  >
                    {file.filename}
                  </Link>
                  <Typography variant="caption" color="text.secondary" sx={{ flexGrow: 1 }}>
                    <DateTimeText iso={file.added} />
                  </Typography>
                  {isOpen && (
                    <Tooltip title="Delete">
                      <IconButton
                        size="small"
                        aria-label={`Delete ${file.filename}`}
                        disabled={isBusy}
                        onClick={() => setPending({ kind: 'deleteFile', file })}
                      >
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                </Stack>
              ))}
            </Stack>
          </Box>
        </Stack>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        {/* Every approval can show its messages; only an open one can be answered, approved or cancelled. */}
        <Button onClick={() => onShowMessages(approval)}>View Messages</Button>
        {isOpen && (
          <>
            <Button variant="outlined" onClick={() => onMessage(approval)}>
              Message
            </Button>
            <Button
              variant="contained"
              color="success"
              disabled={isBusy}
              onClick={() => askAction('approve', approvalMessages.approveConfirm)}
            >
              Approve
            </Button>
            <Button
              color="error"
              disabled={isBusy}
              onClick={() => askAction('cancel', approvalMessages.cancelConfirm)}
            >
              Cancel
            </Button>
          </>
        )}
      </CardActions>
      <ConfirmDialog
        isOpen={pending !== null}
        title={pending?.kind === 'action' ? confirmTitles[pending.action] : 'Delete File'}
        message={pending?.kind === 'action' ? pending.text : approvalMessages.deleteFileConfirm}
        isBusy={isBusy}
        onConfirm={handleConfirm}
        onCancel={() => setPending(null)}
      />
    </Card>
  );
};
