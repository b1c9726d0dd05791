import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { clientMessages, formatPhoneInternational, type ClientDetails } from '@lab/domain';
import { CountryFlag } from '../../../components/country-flag';
import { clientPageUrl } from '../client-page-url';

// Spec §9: money is shown with $. The amounts stay the exact decimals the server sent, grouped by
// thousands for reading.
const formatMoney = (amount: string | null): string => {
  if (amount === null) return '—';
  const [whole = '0', cents = '00'] = amount.replace('-', '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${amount.startsWith('-') ? '-' : ''}$${grouped}.${cents}`;
};

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box>
    <Typography variant="caption" color="text.secondary" component="div">
      {label}
    </Typography>
    <Typography variant="body2" component="div">
      {children}
    </Typography>
  </Box>
);

const addressLines = (client: ClientDetails): string[] =>
  [
    client.address_line_1,
    client.address_line_2,
    [client.suburb, client.state, client.postcode].filter(Boolean).join(' '),
  ].filter((line): line is string => Boolean(line));

/** The client's header and details: name, country, account, billing, cash customer, credit and balance. */
export const ClientDetailsCard = ({ client }: { client: ClientDetails }) => (
  <Card variant="outlined">
    <CardContent>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          {client.name}
        </Typography>
        <CountryFlag code={client.country} isCodeShown={false} />
        <Chip size="small" variant="outlined" label={`Client ID ${client.id}`} />
        {client.is_cash_customer && <Chip size="small" color="warning" label="Cash Customer" />}
        {!client.is_active && <Chip size="small" label="Inactive" />}
      </Stack>
      {client.is_cash_customer && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {clientMessages.cashCustomer}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
        }}
      >
        <Field label="Country / Region">
          <CountryFlag code={client.country} isCodeShown={false} />{' '}
          {countryNames.of(client.country) ?? client.country}
        </Field>
        <Field label="Account Number">{client.account_number ?? '—'}</Field>
        <Field label="Billing Client">
          {client.billing_client ? (
            <Link href={clientPageUrl(client.billing_client.id)}>
              {client.billing_client.name} ({client.billing_client.id})
            </Link>
          ) : (
            'This client'
          )}
        </Field>
        <Field label="Cash Customer">{client.is_cash_customer ? 'Yes' : 'No'}</Field>
        <Field label="Credit Limit">{formatMoney(client.credit_limit)}</Field>
        <Field label="Current Balance">{formatMoney(client.current_balance)}</Field>
        <Field label="Not Yet Invoiced">
          {client.open_invoices.length === 0
            ? '—'
            : client.open_invoices.map((open) => (
                <div key={open.currency}>
                  {formatMoney(open.total)} {open.currency} ({open.invoice_count}{' '}
                  {open.invoice_count === 1 ? 'invoice' : 'invoices'})
                </div>
              ))}
        </Field>
        <Field label="Email">{client.email ?? '—'}</Field>
        <Field label="Invoice Email">{client.invoice_email ?? '—'}</Field>
        <Field label="Mobile">{client.mobile ? formatPhoneInternational(client.mobile) : '—'}</Field>
        <Field label="Address">
          {addressLines(client).length === 0
            ? '—'
            : addressLines(client).map((line) => <div key={line}>{line}</div>)}
        </Field>
        <Field label="Collections">
          {client.collection_count} ({client.active_collection_count} active)
        </Field>
      </Box>
    </CardContent>
  </Card>
);
