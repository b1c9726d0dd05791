import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  accountsInvoicesQuerySchema,
  formatMoney,
  parseMoneyCents,
  type AccountsInvoice,
  type BatchFinalise,
  type InvoiceState,
} from '@lab/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatCalendarDate } from '../../../lib/date-format';
import { collectionPageUrl } from '../../../lib/navigation';
import { patchSearchParams, useLocationSearch, writeSearchParams } from '../../../lib/url-state';
import { usePermissionRefusal } from '../../me/hooks/use-permission';
import { useAccountsInvoices, useBatchFinalise, type InvoiceFilters } from '../api/accounts-api';
import { InvoiceFiltersBar } from './invoice-filters-bar';
import { money } from './money';
import { PaymentDialog } from './payment-dialog';

// Every invoice of the lab (issue 32), filtered as the address says, newest first, with the filtered set's
// totals per currency. An administrator ticks ready invoices and finalises them in one go (each on its
// own, as the Billing view would), and records payments against finalised ones.

const stateLabels: Record<InvoiceState, string> = {
  awaiting_dispatch: 'Awaiting dispatch',
  ready: 'Ready',
  finalised: 'Finalised',
  manually_invoiced: 'Manually invoiced',
};
const stateColours: Record<InvoiceState, 'default' | 'info' | 'success' | 'warning'> = {
  awaiting_dispatch: 'default',
  ready: 'info',
  finalised: 'success',
  manually_invoiced: 'warning',
};

const filtersOf = (search: string): InvoiceFilters => {
  const params = Object.fromEntries(new URLSearchParams(search));
  delete params.view;
  const parsed = accountsInvoicesQuerySchema.safeParse(params);
  return parsed.success ? parsed.data : { page: 1 };
};

/** What the ticked invoices come to, per currency ('$1,234.50 AUD and $98.00 NZD'). */
const totalOf = (invoices: readonly AccountsInvoice[]): string => {
  const byCurrency = new Map<string, number>();
  for (const invoice of invoices)
    byCurrency.set(
      invoice.currency,
      (byCurrency.get(invoice.currency) ?? 0) + (parseMoneyCents(invoice.inc) ?? 0),
    );
  return [...byCurrency]
    .map(([currency, cents]) => `${formatMoney(cents, currency)} ${currency}`)
    .join(' and ');
};

const outcomeText = (outcome: BatchFinalise): string => {
  const done = `Finalised ${outcome.finalised.length} invoice${outcome.finalised.length === 1 ? '' : 's'}.`;
  if (outcome.refused.length === 0) return done;
  const refused = outcome.refused.map((item) => `${item.invoice_number}: ${item.reason}`).join('; ');
  return `${done} Not finalised — ${refused}`;
};

export const InvoicesView = () => {
  const search = useLocationSearch();
  const filters = filtersOf(search);
  const { data, isFetching } = useAccountsInvoices(filters);
  const refusal = usePermissionRefusal('administer');
  const finalise = useBatchFinalise();
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const [isConfirming, setIsConfirming] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const [paying, setPaying] = useState<AccountsInvoice | null>(null);
  const invoices = data?.invoices ?? [];
  const chosen = invoices.filter((invoice) => ticked.has(invoice.invoice_number));
  const page = filters.page ?? 1;
  const change = (patch: Record<string, string | null>) => {
    setTicked(new Set());
    writeSearchParams(patchSearchParams(new URLSearchParams(search), { page: null, ...patch }), {
      replace: true,
    });
  };
  const toggle = (invoiceNumber: number) => {
    const next = new Set(ticked);
    if (next.has(invoiceNumber)) next.delete(invoiceNumber);
    else next.add(invoiceNumber);
    setTicked(next);
  };
  const confirm = () =>
    finalise.mutate(
      { invoice_numbers: chosen.map((invoice) => invoice.invoice_number) },
      {
        onSuccess: (answer) => {
          setOutcome(outcomeText(answer));
          setTicked(new Set());
        },
        onError: (error) => setOutcome(error.message),
        onSettled: () => setIsConfirming(false),
      },
    );

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          Accounts · Invoices
        </Typography>
        <span title={refusal ?? ''}>
          <Button
            variant="contained"
            disabled={refusal !== null || chosen.length === 0 || finalise.isPending}
            onClick={() => setIsConfirming(true)}
          >
            Finalise {chosen.length} selected
          </Button>
        </span>
      </Stack>
      <InvoiceFiltersBar filters={filters} onChange={change} />
      <Typography variant="body2" color="text.secondary" role="status" aria-label="Totals">
        {data === undefined
          ? 'Loading…'
          : data.totals.length === 0
            ? 'No invoice matches.'
            : data.totals
                .map(
                  (t) =>
                    `${t.count} invoice${t.count === 1 ? '' : 's'} in ${t.currency}: ${money(t.ex, t.currency)} ex tax, ` +
                    `tax ${money(t.tax, t.currency)}, due ${money(t.inc, t.currency)}, outstanding ${money(t.outstanding, t.currency)}`,
                )
                .join(' · ')}
      </Typography>
      {outcome && (
        <Typography role="alert" color={outcome.startsWith('Finalised') ? 'success.main' : 'error'}>
          {outcome}
        </Typography>
      )}
      <TableContainer component={Paper} sx={{ opacity: isFetching ? 0.7 : 1 }}>
        <Table size="small" aria-label="Invoices">
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox" />
              <TableCell>Invoice</TableCell>
              <TableCell>Date</TableCell>
              <TableCell>Client</TableCell>
              <TableCell>Patient</TableCell>
              <TableCell>Branch</TableCell>
              <TableCell>State</TableCell>
              <TableCell align="right">Ex tax</TableCell>
              <TableCell align="right">Tax</TableCell>
              <TableCell align="right">Due</TableCell>
              <TableCell align="right">Outstanding</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {invoices.map((invoice) => (
              <TableRow key={invoice.invoice_number} hover data-invoice={invoice.invoice_number}>
                <TableCell padding="checkbox">
                  {invoice.state === 'ready' && !invoice.bill_to.is_cash_customer && (
                    <Checkbox
                      size="small"
                      checked={ticked.has(invoice.invoice_number)}
                      disabled={refusal !== null}
                      onChange={() => toggle(invoice.invoice_number)}
                      slotProps={{ input: { 'aria-label': `Select invoice ${invoice.invoice_number}` } }}
                    />
                  )}
                </TableCell>
                <TableCell>
                  <Link href={collectionPageUrl({ uid: invoice.collection_uid, view: 'invoices' })}>
                    {invoice.invoice_number}
                  </Link>
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    case {invoice.case_number} · {invoice.platform}
                  </Typography>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {formatCalendarDate(invoice.invoice_date ?? invoice.raised_on)}
                </TableCell>
                <TableCell>
                  {invoice.bill_to.name}
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {invoice.bill_to.client_id}
                    {invoice.bill_to.is_cash_customer ? ' · cash' : ''}
                  </Typography>
                </TableCell>
                <TableCell>{invoice.patient_name}</TableCell>
                <TableCell>{invoice.branch ?? '—'}</TableCell>
                <TableCell>
                  <Chip size="small" color={stateColours[invoice.state]} label={stateLabels[invoice.state]} />
                </TableCell>
                <TableCell align="right">{money(invoice.ex, invoice.currency)}</TableCell>
                <TableCell align="right">{money(invoice.tax, invoice.currency)}</TableCell>
                <TableCell align="right">{money(invoice.inc, invoice.currency)}</TableCell>
                <TableCell align="right">{money(invoice.outstanding, invoice.currency)}</TableCell>
                <TableCell>
                  {invoice.state === 'finalised' && (parseMoneyCents(invoice.outstanding) ?? 0) > 0 && (
                    <span title={refusal ?? ''}>
                      <Button size="small" disabled={refusal !== null} onClick={() => setPaying(invoice)}>
                        Record payment
                      </Button>
                    </span>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
        <Typography variant="body2" color="text.secondary">
          Page {page}
        </Typography>
        <Button size="small" disabled={page <= 1} onClick={() => change({ page: String(page - 1) })}>
          Previous
        </Button>
        <Button
          size="small"
          disabled={invoices.length < (data?.page_size ?? 50)}
          onClick={() => change({ page: String(page + 1) })}
        >
          Next
        </Button>
      </Stack>
      <ConfirmDialog
        isOpen={isConfirming}
        title="Finalise invoices"
        message={`Finalise ${chosen.length} invoice${chosen.length === 1 ? '' : 's'} totalling ${totalOf(chosen)}? THIS CANNOT BE REVERSED`}
        isBusy={finalise.isPending}
        onConfirm={confirm}
        onCancel={() => setIsConfirming(false)}
      />
      {paying && <PaymentDialog invoice={paying} onClose={() => setPaying(null)} onPaid={setOutcome} />}
    </Stack>
  );
};
