import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { accountsInvoiceFilters, invoicePlatforms, type AccountsInvoiceFilter } from '@lab/domain';
import { useBranches } from '../../reference/api/get-branches';
import type { InvoiceFilters } from '../api/accounts-api';

// The invoice list's filters: state, bill-to client (its number), branch, platform and a date range (the
// invoice date once issued, else the day it was raised). Kept in the address by the view.

export const invoiceFilterLabels: Record<AccountsInvoiceFilter, string> = {
  awaiting_dispatch: 'Open, awaiting dispatch',
  ready: 'Ready to finalise',
  finalised: 'Finalised',
  manually_invoiced: 'Manually invoiced',
  cash: 'Cash customers (open)',
};

export const InvoiceFiltersBar = ({
  filters,
  onChange,
}: {
  filters: InvoiceFilters;
  onChange: (patch: Partial<Record<keyof InvoiceFilters, string | null>>) => void;
}) => {
  const { data: branches = [] } = useBranches();
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <TextField
        select
        size="small"
        label="State"
        value={filters.state ?? ''}
        onChange={(event) => onChange({ state: event.target.value || null })}
        sx={{ minWidth: 220 }}
      >
        <MenuItem value="">Every invoice</MenuItem>
        {accountsInvoiceFilters.map((state) => (
          <MenuItem key={state} value={state}>
            {invoiceFilterLabels[state]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label="Client ID"
        value={filters.client_id ?? ''}
        onChange={(event) => onChange({ client_id: event.target.value.replace(/\D/g, '') || null })}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 9 } }}
        sx={{ width: 120 }}
      />
      <TextField
        select
        size="small"
        label="Branch"
        value={filters.branch_id ?? ''}
        onChange={(event) => onChange({ branch_id: event.target.value || null })}
        sx={{ minWidth: 160 }}
      >
        <MenuItem value="">Every branch</MenuItem>
        {branches.map((branch) => (
          <MenuItem key={branch.id} value={branch.id}>
            {branch.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Platform"
        value={filters.platform ?? ''}
        onChange={(event) => onChange({ platform: event.target.value || null })}
        sx={{ minWidth: 130 }}
      >
        <MenuItem value="">Both</MenuItem>
        {invoicePlatforms.map((platform) => (
          <MenuItem key={platform} value={platform}>
            {platform}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        type="date"
        label="From"
        value={filters.from ?? ''}
        onChange={(event) => onChange({ from: event.target.value || null })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        size="small"
        type="date"
        label="To"
        value={filters.to ?? ''}
        onChange={(event) => onChange({ to: event.target.value || null })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </Stack>
  );
};
