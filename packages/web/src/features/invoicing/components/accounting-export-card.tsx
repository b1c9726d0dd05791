import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import { useState } from 'react';
import {
  accountingExportQuerySchema,
  accountingExportFormats,
  accountingExportPath,
  type AccountingExportFormat,
} from '@lab/domain';
import { SectionCard } from './section-card';

// The admin's accounting export (GET /api/v2/invoices/export/): finalised invoices of a date range as the
// CSV Xero or QuickBooks Online imports. The file opens as a download in a new tab (the session cookie
// admits it), so the page needs no second fetch path for files.

const formatLabels: Record<AccountingExportFormat, string> = {
  xero: 'Xero',
  quickbooks: 'QuickBooks Online',
};

/** Today as YYYY-MM-DD in the viewer's zone, and the first of its month. */
const localToday = (): string => new Date().toLocaleDateString('en-CA');
const firstOfMonth = (today: string): string => `${today.slice(0, 8)}01`;

export const exportUrl = accountingExportPath;

export const AccountingExportCard = () => {
  const today = localToday();
  const [format, setFormat] = useState<AccountingExportFormat>('xero');
  const [from, setFrom] = useState(firstOfMonth(today));
  const [to, setTo] = useState(today);
  const checked = accountingExportQuerySchema.safeParse({ format, from, to });
  const problem = checked.success ? null : (checked.error.issues[0]?.message ?? null);

  return (
    <SectionCard title="Accounting Export">
      <Stack spacing={1.5}>
        <TextField
          select
          size="small"
          label="Format"
          value={format}
          onChange={(event) => setFormat(event.target.value as AccountingExportFormat)}
        >
          {accountingExportFormats.map((option) => (
            <MenuItem key={option} value={option}>
              {formatLabels[option]}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction="row" spacing={1}>
          <TextField
            size="small"
            type="date"
            label="From"
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            fullWidth
          />
          <TextField
            size="small"
            type="date"
            label="To"
            value={to}
            onChange={(event) => setTo(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            error={problem !== null}
            helperText={problem ?? ' '}
            fullWidth
          />
        </Stack>
        {checked.success ? (
          <Button
            variant="outlined"
            startIcon={<DownloadOutlinedIcon />}
            href={exportUrl(checked.data)}
            target="_blank"
            rel="noopener"
          >
            Download CSV
          </Button>
        ) : (
          <Button variant="outlined" startIcon={<DownloadOutlinedIcon />} disabled>
            Download CSV
          </Button>
        )}
      </Stack>
    </SectionCard>
  );
};
