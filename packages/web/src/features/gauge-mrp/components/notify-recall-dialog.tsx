import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { recallNoticeTemplate, recallNoticeText, recallNotifySchema, type Recall } from '@lab/domain';
import { isApiError } from '../../../lib/api-client';
import { useNotifyRecall } from '../api/recall-api';

// Notify clients of a recall: the notice's reference and the message every affected client gets, reviewed
// (and edited) first, with a preview for the first collection. One message per collection, on its portal
// and by e-mail; the recall is kept with who sent it.

export const NotifyRecallDialog = ({ recall, onClose }: { recall: Recall; onClose: () => void }) => {
  const [reference, setReference] = useState('');
  const [message, setMessage] = useState(() => recallNoticeTemplate(recall.article, recall.lot));
  const [isSubmitted, setIsSubmitted] = useState(false);
  const notify = useNotifyRecall();
  const collections = new Set(recall.cases.map((item) => item.collection_uid)).size;
  const parsed = recallNotifySchema.safeParse({
    article: recall.article,
    lot: recall.lot,
    notice_reference: reference,
    message,
  });
  const fieldError = (field: 'notice_reference' | 'message') =>
    (isSubmitted && !parsed.success
      ? parsed.error.issues.find((issue) => issue.path[0] === field)?.message
      : undefined) ?? (isApiError(notify.error) ? notify.error.fields?.[field] : undefined);
  const [first] = recall.cases;
  const preview = first
    ? recallNoticeText(message, {
        patient: first.patient_reference,
        cases: recall.cases
          .filter((item) => item.collection_uid === first.collection_uid)
          .map((item) => item.case_mkey),
      })
    : message;
  const send = () => {
    setIsSubmitted(true);
    if (parsed.success) notify.mutate(parsed.data);
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>Notify clients</DialogTitle>
      <DialogContent>
        {notify.data ? (
          <Alert severity="success" role="status">
            {notify.data.recall.collections} client message{notify.data.recall.collections === 1 ? '' : 's'}{' '}
            sent on the portal and by e-mail for notice {notify.data.recall.notice_reference}.
          </Alert>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2">
              Lot {recall.lot} of {recall.article}: {recall.cases.length} case
              {recall.cases.length === 1 ? '' : 's'} in {collections} collection{collections === 1 ? '' : 's'}
              . Each collection’s client gets this message once.
            </Typography>
            <TextField
              size="small"
              label="Notice reference"
              value={reference}
              onChange={(event) => setReference(event.target.value)}
              error={Boolean(fieldError('notice_reference'))}
              helperText={fieldError('notice_reference') ?? 'The manufacturer’s field safety notice number'}
              slotProps={{ htmlInput: { maxLength: 120 } }}
              autoFocus
            />
            <TextField
              label="Message"
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              error={Boolean(fieldError('message'))}
              helperText={fieldError('message') ?? '{patient} and {cases} are filled in for each collection'}
              multiline
              minRows={4}
              slotProps={{ htmlInput: { maxLength: 4000 } }}
            />
            <Typography variant="subtitle2">What the first client reads</Typography>
            <Typography
              variant="body2"
              sx={{ whiteSpace: 'pre-wrap', bgcolor: 'action.hover', p: 1.5, borderRadius: 1 }}
            >
              {preview}
            </Typography>
            {notify.error && !(isApiError(notify.error) && notify.error.fields) && (
              <Alert severity="error">{notify.error.message}</Alert>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{notify.data ? 'Close' : 'Cancel'}</Button>
        {!notify.data && (
          <Button variant="contained" onClick={send} disabled={notify.isPending}>
            Send to {collections} client{collections === 1 ? '' : 's'}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
};
