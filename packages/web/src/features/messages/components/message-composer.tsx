import AttachFileIcon from '@mui/icons-material/AttachFile';
import SendIcon from '@mui/icons-material/Send';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState, type ChangeEvent } from 'react';
import {
  composerMessages,
  composerTypes,
  isComposerType,
  messageVisibilityLabels,
  openApprovals,
  openOutsources,
  recipientChoices,
  showsApprovalSelector,
  showsCaseSelector,
  showsOutsourceSelector,
  showsRecipientSelector,
  visibilityOf,
  type Collection,
  type CollectionCase,
  type MessageType,
} from '@lab/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { addFilesByName } from '../../../lib/add-files-by-name';
import { usePauseAutoRefresh } from '../../../lib/auto-refresh';
import { useReferenceData } from '../../reference/hooks/use-reference-data';
import type { UploadAttachments } from '../attachment-upload';
import { listComposerErrors } from '../composer-validation';
import { useSendMessage } from '../hooks/use-send-message';
import { approvalChoiceLabel, caseChoiceLabel } from '../message-filters';
import { effectiveCaseUid, type MessageContext, type MessageDraft } from '../message-fields';

// The message composer (case-workspace §5 'Message composer', §7, §8): type, the selectors the type
// calls for, the note and attachments. Send checks the domain rules first, asks before a client note,
// rewrites HTML attachments, uploads through the file service, then posts.

export type MessageComposerProps = {
  collection: Collection;
  /** The Notes tab's case; null in the Notes & Messages view, where the case is chosen. */
  fixedCase: CollectionCase | null;
  /** The signed-in user's username. */
  authorReference: string;
  /** The messageTypeCode parameter: preselects a type. */
  initialTypeCode: string | null;
  /** With APPROVAL_MESSAGE: the approval to answer (an approval card's Message button). */
  initialApprovalUid?: string | null;
  uploadAttachments: UploadAttachments;
  /** The message was posted: the caller reloads the messages and scrolls to the bottom. */
  onSent: () => void | Promise<void>;
};

const defaultType = 'CASE_NOTE';

const emptyDraft = (type: string, caseUid: string | null): MessageDraft => ({
  type,
  note: '',
  caseUid,
  recipient: null,
  approvalUid: null,
  outsourceUid: null,
});

const typeChoices = (messageTypes: readonly MessageType[]): MessageType[] =>
  messageTypes.length > 0
    ? messageTypes.filter((type) => isComposerType(type.code))
    : composerTypes.map((code) => ({ code, name: code, visibility: visibilityOf(code) }));

export const MessageComposer = ({
  collection,
  fixedCase,
  authorReference,
  initialTypeCode,
  initialApprovalUid = null,
  uploadAttachments,
  onSent,
}: MessageComposerProps) => {
  const { messageTypes, employees, approvalTypes } = useReferenceData();
  const sending = useSendMessage({ collection, uploadAttachments });
  const { isSending, sendError } = sending;
  const fixedCaseUid = fixedCase?.uid ?? null;
  const [draft, setDraft] = useState<MessageDraft>(() => {
    const type = initialTypeCode && isComposerType(initialTypeCode) ? initialTypeCode : defaultType;
    const draft = emptyDraft(type, collection.cases.length === 1 ? (collection.cases[0]?.uid ?? null) : null);
    // Only an open approval can be answered; the selector lists no other.
    const isOpenApproval = openApprovals(collection.approvals).some((a) => a.uid === initialApprovalUid);
    return type === 'APPROVAL_MESSAGE' && isOpenApproval
      ? { ...draft, approvalUid: initialApprovalUid }
      : draft;
  });
  const [files, setFiles] = useState<File[]>([]);
  const [hasTriedSend, setHasTriedSend] = useState(false);
  const [isConfirmingClientNote, setIsConfirmingClientNote] = useState(false);
  usePauseAutoRefresh(draft.note.trim() !== '' || files.length > 0 || isSending);

  const types = useMemo(() => typeChoices(messageTypes), [messageTypes]);
  const approvalTypeNames = useMemo(
    () => new Map(approvalTypes.map((type) => [type.code, type.name])),
    [approvalTypes],
  );
  const knownType = isComposerType(draft.type) ? draft.type : null;
  const caseUid = effectiveCaseUid(draft, fixedCaseUid);
  const chosenCase = collection.cases.find((item) => item.uid === caseUid) ?? null;
  const approvals = openApprovals(
    fixedCase
      ? collection.approvals.filter((approval) => approval.case_uid === fixedCase.uid)
      : collection.approvals,
  );
  const outsources = openOutsources(chosenCase?.outsources ?? []);
  const recipients = knownType ? recipientChoices(employees, knownType) : [];
  const errors = listComposerErrors(draft, fixedCaseUid);
  const visibility = knownType
    ? (types.find((type) => type.code === knownType)?.visibility ?? visibilityOf(knownType))
    : null;

  const fieldError = (field: string): string | undefined =>
    (hasTriedSend ? errors.find((error) => error.field === field)?.message : undefined) ??
    sending.fieldErrors[field];
  const patchDraft = (patch: Partial<MessageDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    sending.clearFieldErrors();
  };

  const context = (attachments: string[]): MessageContext => ({
    collectionUid: collection.uid,
    fixedCaseUid,
    shippingClient: collection.shipping_client,
    authorReference,
    approvals: collection.approvals,
    outsources,
    attachments,
  });

  const send = async () => {
    const isPosted = await sending.send(draft, files, context);
    if (!isPosted) return;
    setDraft((current) => emptyDraft(current.type, current.caseUid));
    setFiles([]);
    setHasTriedSend(false);
    await onSent();
  };

  const handleSend = () => {
    setHasTriedSend(true);
    if (errors.length > 0 || isSending) return;
    if (draft.type === 'CLIENT_NOTE') setIsConfirmingClientNote(true);
    else void send();
  };
  const handleConfirmClientNote = () => {
    setIsConfirmingClientNote(false);
    void send();
  };
  const handleFilesChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    // Cleared so the same file can be chosen again after it was removed.
    event.target.value = '';
    setFiles((current) => addFilesByName(current, chosen));
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Compose message">
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
          <TextField
            select
            size="small"
            label="Message Type"
            value={knownType ?? ''}
            onChange={(event) =>
              patchDraft({ type: event.target.value, recipient: null, approvalUid: null, outsourceUid: null })
            }
            error={fieldError('message_type') !== undefined}
            helperText={
              fieldError('message_type') ??
              (visibility && (
                <Box
                  component="span"
                  sx={{
                    display: 'inline-flex',
                    alignItems: 'center',
                    gap: 0.5,
                    color: visibility === 'CLIENTS' ? 'error.main' : undefined,
                    fontWeight: visibility === 'CLIENTS' ? 600 : undefined,
                  }}
                >
                  {visibility === 'CLIENTS' && <WarningAmberIcon sx={{ fontSize: 16 }} />}
                  {messageVisibilityLabels[visibility]}
                </Box>
              ))
            }
            sx={{ minWidth: 220 }}
          >
            {types.map((type) => (
              <MenuItem key={type.code} value={type.code}>
                {type.name}
              </MenuItem>
            ))}
          </TextField>
          {knownType && showsCaseSelector(knownType, fixedCase !== null) && (
            <TextField
              select
              size="small"
              label="Case"
              value={draft.caseUid ?? ''}
              onChange={(event) => patchDraft({ caseUid: event.target.value || null, outsourceUid: null })}
              error={fieldError('case_uid') !== undefined}
              helperText={fieldError('case_uid')}
              sx={{ minWidth: 240 }}
            >
              {collection.cases.map((item) => (
                <MenuItem key={item.uid} value={item.uid}>
                  {caseChoiceLabel(item)}
                </MenuItem>
              ))}
            </TextField>
          )}
          {knownType && showsRecipientSelector(knownType) && (
            <TextField
              select
              size="small"
              label="Recipient"
              value={draft.recipient ?? ''}
              onChange={(event) => patchDraft({ recipient: event.target.value || null })}
              helperText={fieldError('recipient_reference')}
              error={fieldError('recipient_reference') !== undefined}
              slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
              sx={{ minWidth: 220 }}
            >
              <MenuItem value="">
                <em>All</em>
              </MenuItem>
              {recipients.map((employee) => (
                <MenuItem key={employee.username} value={employee.username}>
                  {employee.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          {knownType && showsApprovalSelector(knownType) && (
            <TextField
              select
              size="small"
              label="Approval Request"
              value={draft.approvalUid ?? ''}
              onChange={(event) => patchDraft({ approvalUid: event.target.value || null })}
              error={fieldError('approval_uid') !== undefined}
              helperText={fieldError('approval_uid')}
              sx={{ minWidth: 260 }}
            >
              {approvals.map((approval) => (
                <MenuItem key={approval.uid} value={approval.uid}>
                  {approvalChoiceLabel(approval, collection.cases, approvalTypeNames)}
                </MenuItem>
              ))}
            </TextField>
          )}
          {knownType && showsOutsourceSelector(knownType) && (
            <TextField
              select
              size="small"
              label="Outsource Job"
              value={draft.outsourceUid ?? ''}
              onChange={(event) => patchDraft({ outsourceUid: event.target.value || null })}
              error={fieldError('outsource_uid') !== undefined}
              helperText={fieldError('outsource_uid')}
              sx={{ minWidth: 220 }}
            >
              {outsources.map((job) => (
                <MenuItem key={job.uid} value={job.uid}>
                  {job.start ? job.partner : `${job.partner} (not started)`}
                </MenuItem>
              ))}
            </TextField>
          )}
        </Stack>
        <TextField
          label="Message"
          multiline
          minRows={2}
          maxRows={10}
          value={draft.note}
          onChange={(event) => patchDraft({ note: event.target.value })}
          error={fieldError('note') !== undefined}
          helperText={fieldError('note')}
          fullWidth
        />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Button
            component="label"
            variant="outlined"
            size="small"
            startIcon={<AttachFileIcon />}
            disabled={isSending}
          >
            Attach Files
            <input type="file" hidden multiple aria-label="Attachments" onChange={handleFilesChosen} />
          </Button>
          {files.map((file) => (
            <Chip
              key={file.name}
              size="small"
              label={file.name}
              onDelete={
                isSending ? undefined : () => setFiles((current) => current.filter((item) => item !== file))
              }
            />
          ))}
          <Tooltip
            title={
              errors.length > 0 ? (
                <Box component="ul" sx={{ m: 0, pl: 2 }} aria-label="Validation">
                  {errors.map((error) => (
                    <li key={error.field}>{error.message}</li>
                  ))}
                </Box>
              ) : (
                ''
              )
            }
          >
            <Box component="span" sx={{ ml: 'auto' }}>
              <Button variant="contained" endIcon={<SendIcon />} loading={isSending} onClick={handleSend}>
                Send
              </Button>
            </Box>
          </Tooltip>
        </Stack>
        {sendError && (
          <Alert severity="error" onClose={sending.dismissSendError}>
            {sendError.text}
            {sendError.detail && (
              <Typography variant="body2" component="div">
                {sendError.detail}
              </Typography>
            )}
          </Alert>
        )}
      </Stack>
      <ConfirmDialog
        isOpen={isConfirmingClientNote}
        title="Client Note"
        message={composerMessages.clientNoteConfirm}
        onConfirm={handleConfirmClientNote}
        onCancel={() => setIsConfirmingClientNote(false)}
      />
    </Paper>
  );
};
