import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
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
import { priceBodySchema, type PriceItemKind, type Prices } from '@lab/domain';
import { usePermissionRefusal } from '../../me/hooks/use-permission';
import { usePrices, useRemovePrice, useSetPrice } from '../api/reference-api';
import { JobTypePrices } from './job-type-prices';
import { money } from './money';

// The price list (issue 32): what the lab charges per market, and what a client pays where it has its
// own price (a client's row beats its market's; a job type without a row is charged its default price).
// An administrator sets a price (the next line billed takes it) or removes one.

const kindLabels: Record<PriceItemKind, string> = {
  job_type: 'Job type',
  kit: 'Pricing kit',
  component: 'Part',
};
const currencyOf = { AU: 'AUD', NZ: 'NZD' } as const;
type Country = keyof typeof currencyOf;

type Draft = {
  kind: PriceItemKind;
  item_id: string;
  country: Country;
  client_id: string;
  unit_price: string;
};
const emptyDraft: Draft = { kind: 'job_type', item_id: '', country: 'AU', client_id: '', unit_price: '' };

/** The items a price can name: every job type; the kits and parts the list prices already. */
const itemsOf = (prices: Prices | undefined, kind: PriceItemKind) => {
  if (!prices) return [];
  if (kind === 'job_type') return prices.job_types.map((j) => ({ id: j.id, label: j.name }));
  const seen = new Map<number, string>();
  for (const row of prices.rows)
    if (row.kind === kind) seen.set(row.item_id, `${row.item_code ?? ''} · ${row.item_name}`);
  return [...seen].map(([id, label]) => ({ id, label })).toSorted((a, b) => a.label.localeCompare(b.label));
};

export const PricesView = () => {
  const [clientFilter, setClientFilter] = useState('');
  const { data: prices } = usePrices(clientFilter);
  const { data: everything } = usePrices('');
  const refusal = usePermissionRefusal('administer');
  const setPrice = useSetPrice();
  const removePrice = useRemovePrice();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [note, setNote] = useState<string | null>(null);
  const parsed = priceBodySchema.safeParse({
    kind: draft.kind,
    item_id: draft.item_id === '' ? undefined : Number(draft.item_id),
    country: draft.country,
    currency: currencyOf[draft.country],
    client_id: draft.client_id === '' ? null : Number(draft.client_id),
    unit_price: draft.unit_price,
  });
  const problem = parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
  const submit = () => {
    if (!parsed.success) return;
    setPrice.mutate(parsed.data, {
      onSuccess: (row) =>
        setNote(
          `Saved: ${row.item_name} ${money(row.unit_price, row.currency)} in ${row.country}` +
            `${row.client ? ` for ${row.client.name}` : ''}.`,
        ),
      onError: (error) => setNote(error.message),
    });
  };
  const change = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        Accounts · Prices
      </Typography>
      <Paper sx={{ p: 2 }}>
        <Stack
          direction="row"
          spacing={1.5}
          useFlexGap
          sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}
          component="form"
          aria-label="Set a price"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <TextField
            select
            size="small"
            label="Kind"
            value={draft.kind}
            onChange={(event) => change({ kind: event.target.value as PriceItemKind, item_id: '' })}
            sx={{ minWidth: 140 }}
          >
            {(Object.keys(kindLabels) as PriceItemKind[]).map((kind) => (
              <MenuItem key={kind} value={kind}>
                {kindLabels[kind]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label="Item"
            value={draft.item_id}
            onChange={(event) => change({ item_id: event.target.value })}
            sx={{ minWidth: 280 }}
          >
            {itemsOf(everything, draft.kind).map((item) => (
              <MenuItem key={item.id} value={String(item.id)}>
                {item.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label="Country"
            value={draft.country}
            onChange={(event) => change({ country: event.target.value as Country })}
            sx={{ minWidth: 150 }}
          >
            <MenuItem value="AU">Australia (AUD)</MenuItem>
            <MenuItem value="NZ">New Zealand (NZD)</MenuItem>
          </TextField>
          <TextField
            size="small"
            label="Client ID (blank: everyone)"
            value={draft.client_id}
            onChange={(event) => change({ client_id: event.target.value.replace(/\D/g, '') })}
            sx={{ width: 210 }}
          />
          <TextField
            size="small"
            label="Price"
            value={draft.unit_price}
            onChange={(event) => change({ unit_price: event.target.value })}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            sx={{ width: 120 }}
          />
          <span title={refusal ?? problem ?? ''}>
            <Button
              type="submit"
              variant="contained"
              disabled={refusal !== null || problem !== null || setPrice.isPending}
            >
              Set price
            </Button>
          </span>
        </Stack>
        {note && (
          <Typography role="status" variant="body2" sx={{ mt: 1 }}>
            {note}
          </Typography>
        )}
      </Paper>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <TextField
          size="small"
          label="Client ID"
          value={clientFilter}
          onChange={(event) => setClientFilter(event.target.value.replace(/\D/g, ''))}
          helperText="Only this client's own prices"
          sx={{ width: 200 }}
        />
      </Stack>
      <TableContainer component={Paper}>
        <Table size="small" aria-label="Price list">
          <TableHead>
            <TableRow>
              <TableCell>Item</TableCell>
              <TableCell>Kind</TableCell>
              <TableCell>Market</TableCell>
              <TableCell>Client</TableCell>
              <TableCell align="right">Price</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {(prices?.rows ?? []).map((row) => (
              <TableRow key={row.id} hover data-price={row.id}>
                <TableCell>
                  {row.item_name}
                  {row.item_code && (
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      {row.item_code}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{kindLabels[row.kind]}</TableCell>
                <TableCell>
                  {row.country} · {row.currency}
                </TableCell>
                <TableCell>
                  {row.client ? `${row.client.name} (${row.client.client_id})` : 'Everyone'}
                </TableCell>
                <TableCell align="right">{money(row.unit_price, row.currency)}</TableCell>
                <TableCell>
                  <span title={refusal ?? ''}>
                    <Button
                      size="small"
                      color="warning"
                      disabled={refusal !== null || removePrice.isPending}
                      onClick={() =>
                        removePrice.mutate(row.id, {
                          onSuccess: () => setNote(`Removed: ${row.item_name} in ${row.country}.`),
                        })
                      }
                    >
                      Remove
                    </Button>
                  </span>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {prices && <JobTypePrices jobTypes={prices.job_types} refusal={refusal} />}
    </Stack>
  );
};
