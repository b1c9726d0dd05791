import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import { useState } from 'react';
import {
  accountingExportFormats,
  accountingExportPath,
  accountingExportQuerySchema,
  type AccountingExportFormat,
} from '@lab/domain';
import { useAccountsInvoices } from '../api/accounts-api';
import { money } from './money';

// The period's accounting export (issue 32), one button: the finalised invoices dated in the period as
// the CSV Xero or QuickBooks Online imports, with what it holds shown first — how many invoices and what
// they come to, per currency — read from the same list the Invoices view shows.

const formatLabels: Record<AccountingExportFormat, string> = {
  xero: 'Xero',
  quickbooks: 'QuickBooks Online',
};

const localToday = (): string => new Date().toLocaleDateString('en-CA');

export const ExportView = () => {
  const today = localToday();
  const [format, setFormat] = useState<AccountingExportFormat>('xero');
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const checked = accountingExportQuerySchema.safeParse({ format, from, to });
  const problem = checked.success ? null : (checked.error.issues[0]?.message ?? null);
  const { data } = useAccountsInvoices({ state: 'finalised', from, to });
  const totals = checked.success ? (data?.totals ?? []) : [];

  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Typography variant="h5" component="h1">
        Accounts · Export
      </Typography>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label="Format"
          value={format}
          onChange={(event) => setFormat(event.target.value as AccountingExportFormat)}
          sx={{ minWidth: 200 }}
        >
          {accountingExportFormats.map((option) => (
            <MenuItem key={option} value={option}>
              {formatLabels[option]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="date"
          label="From"
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          type="date"
          label="To"
          value={to}
          onChange={(event) => setTo(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          error={problem !== null}
          helperText={problem}
        />
      </Stack>
      <Stack role="status" aria-label="Export contents" spacing={0.5}>
        {!checked.success ? (
          <Typography>Choose a period to see what the export holds.</Typography>
        ) : data === undefined ? (
          <Typography>Loading…</Typography>
        ) : totals.length === 0 ? (
          <Typography>{`No finalised invoice is dated ${from} to ${to}: the file would hold its header only.`}</Typography>
        ) : (
          totals.map((t) => (
            <Typography key={t.currency}>
              {`${t.count} finalised invoice${t.count === 1 ? '' : 's'} in ${t.currency}: ` +
                `${money(t.ex, t.currency)} ex tax, tax ${money(t.tax, t.currency)}, total ${money(t.inc, t.currency)}`}
            </Typography>
          ))
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        Invoices invoiced manually and cash customers’ are billed by hand and are left out.
      </Typography>
      <div>
        <Button
          variant="contained"
          startIcon={<DownloadOutlinedIcon />}
          disabled={!checked.success}
          href={checked.success ? accountingExportPath(checked.data) : '#'}
          target="_blank"
          rel="noopener"
        >
          Download {formatLabels[format]} CSV
        </Button>
      </div>
    </Stack>
  );
};
