import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { clientStatusName, statusClientNameBodySchema, type Status } from '@lab/domain';
import { ApiError } from '../../../lib/api-client';
import { useStatuses } from '../api/get-statuses';
import { useSetStatusClientName } from '../api/set-status-client-name';

// The administrator's names of the statuses as clients see them on the portal (reference data): each row
// saves on its own; a blank name is the status itself.

export const statusClientNamesTexts = {
  title: 'Status names for clients',
  intro:
    'What the client portal calls each status. Leave a name blank to show the status as it is; the Approval Required, Dispatched and Cancelled chips stay as they are.',
  column: 'Clients see',
  save: 'Save',
  saved: 'Saved',
  useOwnName: 'Use the status name',
} as const;

const errorTextOf = (error: unknown): string =>
  error instanceof ApiError ? (error.fields?.['client_name'] ?? error.message) : String(error);

const StatusNameRow = ({ status }: { status: Status }) => {
  const save = useSetStatusClientName();
  const [draft, setDraft] = useState(status.client_name ?? '');
  // The server's own rules, checked before sending (the same schema validates the route).
  const [formError, setFormError] = useState<string | null>(null);
  const stored = status.client_name ?? '';
  const isChanged = draft.trim() !== stored;
  const shown = clientStatusName({ name: status.name, client_name: draft });

  const send = (clientName: string | null) =>
    save.mutate(
      { statusId: status.id, clientName },
      { onSuccess: (saved) => setDraft(saved.client_name ?? '') },
    );
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isChanged) return;
    const checked = statusClientNameBodySchema.safeParse({ client_name: draft });
    setFormError(checked.success ? null : (checked.error.issues[0]?.message ?? null));
    if (checked.success) send(checked.data.client_name === '' ? null : checked.data.client_name);
  };

  const helperText = formError
    ? formError
    : save.isError
      ? errorTextOf(save.error)
      : save.isSuccess && !isChanged
        ? statusClientNamesTexts.saved
        : `Clients see “${shown}”`;

  return (
    <TableRow hover data-status-id={status.id}>
      <TableCell sx={{ verticalAlign: 'top', pt: 2 }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {status.name}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {status.parent_name}
        </Typography>
      </TableCell>
      <TableCell>
        <Stack
          component="form"
          direction="row"
          spacing={1}
          sx={{ alignItems: 'flex-start' }}
          onSubmit={handleSubmit}
          noValidate
        >
          <TextField
            size="small"
            fullWidth
            value={draft}
            placeholder={status.name}
            onChange={(event) => {
              setDraft(event.target.value);
              setFormError(null);
            }}
            error={formError !== null || save.isError}
            helperText={helperText}
            disabled={save.isPending}
            slotProps={{
              htmlInput: { 'aria-label': `${statusClientNamesTexts.column}: ${status.name}` },
            }}
          />
          <Button type="submit" variant="contained" disabled={!isChanged || save.isPending}>
            {statusClientNamesTexts.save}
          </Button>
          {stored !== '' && (
            <Button
              disabled={save.isPending}
              onClick={() => send(null)}
              aria-label={`${statusClientNamesTexts.useOwnName}: ${status.name}`}
            >
              Reset
            </Button>
          )}
        </Stack>
      </TableCell>
    </TableRow>
  );
};

export type StatusClientNamesDialogProps = { isOpen: boolean; onClose: () => void };

export const StatusClientNamesDialog = ({ isOpen, onClose }: StatusClientNamesDialogProps) => {
  const { data: statuses, isPending } = useStatuses();
  return (
    <Dialog open={isOpen} onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{statusClientNamesTexts.title}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {statusClientNamesTexts.intro}
        </Typography>
        {isPending && <LinearProgress aria-label="Loading statuses" />}
        <Table size="small" aria-label={statusClientNamesTexts.title} stickyHeader>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: '35%' }}>Status</TableCell>
              <TableCell>{statusClientNamesTexts.column}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(statuses ?? []).map((status) => (
              <StatusNameRow key={status.id} status={status} />
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
};
