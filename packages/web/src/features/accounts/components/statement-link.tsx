import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { statementQuerySchema } from '@lab/domain';

// A client's statement for a period as a PDF (GET /api/v2/accounts/statement/): opening balance, the
// invoices and payments of the period, closing balance. The link opens it in a new tab (the session
// cookie admits it). The period defaults to the last full month.

const lastMonth = (): { from: string; to: string } => {
  const now = new Date();
  const first = new Date(Date.UTC(now.getFullYear(), now.getMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getFullYear(), now.getMonth(), 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
};

export const statementUrl = (query: { client_id: number; from: string; to: string }): string =>
  `/api/v2/accounts/statement/?${new URLSearchParams({ ...query, client_id: String(query.client_id) })}`;

export const StatementLink = ({ clientId }: { clientId: number }) => {
  const [isOpen, setIsOpen] = useState(false);
  const [period, setPeriod] = useState(lastMonth);
  const checked = statementQuerySchema.safeParse({ client_id: clientId, ...period });
  const problem = checked.success ? null : (checked.error.issues[0]?.message ?? null);
  return (
    <>
      <Button size="small" onClick={() => setIsOpen(true)}>
        Statement
      </Button>
      <Dialog open={isOpen} onClose={() => setIsOpen(false)} maxWidth="xs" fullWidth>
        <DialogTitle>Statement for client {clientId}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              size="small"
              type="date"
              label="From"
              value={period.from}
              onChange={(event) => setPeriod({ ...period, from: event.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              size="small"
              type="date"
              label="To"
              value={period.to}
              error={problem !== null}
              helperText={problem}
              onChange={(event) => setPeriod({ ...period, to: event.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setIsOpen(false)}>Close</Button>
          <Button
            variant="contained"
            disabled={problem !== null}
            href={statementUrl({ client_id: clientId, ...period })}
            target="_blank"
            rel="noopener"
          >
            Download PDF
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
