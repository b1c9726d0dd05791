import Chip from '@mui/material/Chip';
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
import { formatCalendarDate } from '../../../lib/date-format';
import { useBalances } from '../api/accounts-api';
import { money } from './money';
import { StatementLink } from './statement-link';

// What each client owes (issue 32): issued invoices unpaid, aged by invoice date into current, 30, 60 and
// 90+ days (the bands add up to the balance), against the credit limit; what is raised but not issued yet
// beside it. Clients over their limit first. The day is today unless another is asked.

export const BalancesView = () => {
  const [asOf, setAsOf] = useState('');
  const { data } = useBalances(asOf === '' ? null : asOf);
  const clients = data?.clients ?? [];
  const over = clients.filter((client) => client.over_limit).length;

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          Accounts · Balances
        </Typography>
        <TextField
          size="small"
          type="date"
          label="As of"
          value={asOf || (data?.as_of ?? '')}
          onChange={(event) => setAsOf(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      <Typography variant="body2" color="text.secondary" role="status">
        {data === undefined
          ? 'Loading…'
          : `${clients.length} client${clients.length === 1 ? '' : 's'} with invoices open or owing on ${formatCalendarDate(data.as_of)}; ${over} over their credit limit.`}
      </Typography>
      <TableContainer component={Paper}>
        <Table size="small" aria-label="Balances">
          <TableHead>
            <TableRow>
              <TableCell>Client</TableCell>
              <TableCell align="right">Not yet issued</TableCell>
              <TableCell align="right">Current</TableCell>
              <TableCell align="right">30 days</TableCell>
              <TableCell align="right">60 days</TableCell>
              <TableCell align="right">90+ days</TableCell>
              <TableCell align="right">Balance</TableCell>
              <TableCell align="right">Credit limit</TableCell>
              <TableCell align="right">Left</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {clients.map((client) => (
              <TableRow key={`${client.client_id}-${client.currency}`} hover data-client={client.client_id}>
                <TableCell>
                  {client.name}
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {client.client_id} · {client.currency}
                  </Typography>
                </TableCell>
                <TableCell align="right">{money(client.open, client.currency)}</TableCell>
                <TableCell align="right">{money(client.aging.current, client.currency)}</TableCell>
                <TableCell align="right">{money(client.aging.days30, client.currency)}</TableCell>
                <TableCell align="right">{money(client.aging.days60, client.currency)}</TableCell>
                <TableCell align="right">{money(client.aging.days90, client.currency)}</TableCell>
                <TableCell align="right">
                  <strong>{money(client.balance, client.currency)}</strong>
                </TableCell>
                <TableCell align="right">
                  {client.credit_limit === null ? '—' : money(client.credit_limit, client.currency)}
                </TableCell>
                <TableCell align="right">
                  {client.credit_left === null ? (
                    '—'
                  ) : client.over_limit ? (
                    <Chip size="small" color="error" label={money(client.credit_left, client.currency)} />
                  ) : (
                    money(client.credit_left, client.currency)
                  )}
                </TableCell>
                <TableCell>
                  <StatementLink clientId={client.client_id} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
};
