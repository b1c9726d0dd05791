import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { lendKitSchema, type GaugeKit } from '@lab/domain';
import { formatDateTime } from '../../../components/date-time-format';
import { isApiError } from '../../../lib/api-client';
import { usePermissionRefusal } from '../../me/hooks/use-permission';
import { useKits, useLendKit, useReturnKit } from '../api/kits-api';

// Scan-gauge kits (issue 31): every kit of the lab and where it is — in the lab, or with a client since a
// day and due back on another (overdue ones first, in red); the warehouse lends and takes them back.

const LendDialog = ({ kit, onClose }: { kit: GaugeKit; onClose: () => void }) => {
  const [clientId, setClientId] = useState('');
  const [dueBackOn, setDueBackOn] = useState('');
  const [isSubmitted, setIsSubmitted] = useState(false);
  const lend = useLendKit();
  const parsed = lendKitSchema.safeParse({
    client_id: clientId.trim() === '' ? undefined : Number(clientId),
    due_back_on: dueBackOn === '' ? null : dueBackOn,
  });
  const fieldError = (field: 'client_id' | 'due_back_on') =>
    (isSubmitted && !parsed.success
      ? parsed.error.issues.find((issue) => issue.path[0] === field)?.message
      : undefined) ?? (isApiError(lend.error) ? lend.error.fields?.[field] : undefined);
  const submit = () => {
    setIsSubmitted(true);
    if (parsed.success) lend.mutate({ kitId: kit.kit_id, body: parsed.data }, { onSuccess: onClose });
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>Lend {kit.code}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            size="small"
            label="Client ID"
            value={clientId}
            onChange={(event) => setClientId(event.target.value)}
            error={Boolean(fieldError('client_id'))}
            helperText={fieldError('client_id') ?? 'As the client page shows it'}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            autoFocus
          />
          <TextField
            size="small"
            type="date"
            label="Due back"
            value={dueBackOn}
            onChange={(event) => setDueBackOn(event.target.value)}
            error={Boolean(fieldError('due_back_on'))}
            helperText={fieldError('due_back_on') ?? ' '}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          {lend.error && !(isApiError(lend.error) && lend.error.fields) && (
            <Alert severity="error">{lend.error.message}</Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={lend.isPending}>
          Lend
        </Button>
      </DialogActions>
    </Dialog>
  );
};

const Where = ({ kit }: { kit: GaugeKit }) => {
  if (!kit.loan) return <Chip size="small" label="In the lab" color="success" variant="outlined" />;
  return (
    <Stack spacing={0.25}>
      <Typography variant="body2">
        {kit.loan.client.name} ({kit.loan.client.client_id})
      </Typography>
      <Typography variant="caption" color={kit.loan.is_overdue ? 'error' : 'text.secondary'}>
        since {formatDateTime(kit.loan.lent_at)}
        {kit.loan.due_back_on ? ` · due back ${kit.loan.due_back_on}` : ''}
        {kit.loan.is_overdue ? ' · overdue' : ''}
      </Typography>
    </Stack>
  );
};

export const KitsView = () => {
  const { data: kits = [] } = useKits();
  const refusal = usePermissionRefusal('stock');
  const giveBack = useReturnKit();
  const [lending, setLending] = useState<GaugeKit | null>(null);
  const overdue = kits.filter((kit) => kit.loan?.is_overdue);
  const ordered = [...overdue, ...kits.filter((kit) => !kit.loan?.is_overdue)];

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        Gauge MRP · Scan-gauge kits
      </Typography>
      <Typography variant="body2" color="text.secondary" role="status">
        {kits.filter((kit) => kit.loan).length} of {kits.length} kits with clients
        {overdue.length > 0 ? `, ${overdue.length} overdue` : ''}.
      </Typography>
      {giveBack.error && <Alert severity="error">{giveBack.error.message}</Alert>}
      <TableContainer component={Paper}>
        <Table size="small" aria-label="Scan-gauge kits">
          <TableHead>
            <TableRow>
              <TableCell>Kit</TableCell>
              <TableCell>Box</TableCell>
              <TableCell align="right">Implants</TableCell>
              <TableCell>Where</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {ordered.map((kit) => (
              <TableRow key={kit.kit_id} data-kit={kit.code}>
                <TableCell>
                  <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                    {kit.code}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {kit.name}
                  </Typography>
                </TableCell>
                <TableCell>{kit.box || '—'}</TableCell>
                <TableCell align="right">{kit.implant_qty}</TableCell>
                <TableCell>
                  <Where kit={kit} />
                </TableCell>
                <TableCell>
                  <span title={refusal ?? ''}>
                    {kit.loan ? (
                      <Button
                        size="small"
                        disabled={refusal !== null || giveBack.isPending}
                        onClick={() => giveBack.mutate({ kitId: kit.kit_id, body: {} })}
                      >
                        Returned
                      </Button>
                    ) : (
                      <Button size="small" disabled={refusal !== null} onClick={() => setLending(kit)}>
                        Lend
                      </Button>
                    )}
                  </span>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {lending && <LendDialog kit={lending} onClose={() => setLending(null)} />}
    </Stack>
  );
};
