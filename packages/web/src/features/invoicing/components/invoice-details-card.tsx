import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CallSplitIcon from '@mui/icons-material/CallSplit';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import type { ReactNode } from 'react';
import type { Invoice } from '@lab/domain';
import { addressLines, moneyOf } from '../invoice-rules';
import { InvoiceLinesTable } from './invoice-lines-table';
import { InvoiceStatusChip } from './invoice-status-chip';
import { FreightForm } from './freight-form';
import { PurchaseOrderForm } from './purchase-order-form';
import { SectionCard } from './section-card';

type InvoiceDetailsCardProps = {
  invoice: Invoice;
  caseId: number;
  /** Shown only when the invoice may be split (canSplitInvoice). */
  onSplit: (() => void) | null;
};

/** A labelled value; blank values show a dash so the columns keep their rhythm. */
const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack spacing={0.25}>
    <Typography variant="caption" color="text.secondary">
      {label}
    </Typography>
    <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
      {children === null || children === '' ? '—' : children}
    </Typography>
  </Stack>
);

/** One column of parties and order facts, under its small heading. */
const Column = ({ title, children }: { title: string; children: ReactNode }) => (
  <Stack spacing={1}>
    <Typography variant="overline" component="h4" sx={{ lineHeight: 1.5 }}>
      {title}
    </Typography>
    {children}
  </Stack>
);

/** Collection-views §2 'Invoices view': the bill-to and ship-to parties, the PO#, the lines and the total. */
export const InvoiceDetailsCard = ({ invoice, caseId, onSplit }: InvoiceDetailsCardProps) => {
  const money = (text: string | null) => (text === null ? null : moneyOf(text, invoice.currency));
  return (
    <SectionCard
      title={`Invoice ${invoice.invoice_number}`}
      subtitle={
        <>
          <InvoiceStatusChip invoice={invoice} />
          <Chip size="small" variant="outlined" label={invoice.invoice_platform} />
          <Chip size="small" variant="outlined" label={invoice.currency} />
        </>
      }
      action={
        <>
          {onSplit && (
            <Button size="small" variant="outlined" startIcon={<CallSplitIcon />} onClick={onSplit}>
              Split
            </Button>
          )}
          <Button
            size="small"
            variant="outlined"
            startIcon={<PictureAsPdfOutlinedIcon />}
            href={`/api/v2/invoices/${invoice.invoice_number}/pdf/`}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`PDF of invoice ${invoice.invoice_number}`}
          >
            PDF
          </Button>
        </>
      }
    >
      <Stack spacing={2}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
            <Column title="Bill To">
              <Field label="Client">{invoice.billing_client_name}</Field>
              <Field label="Invoice E-mail">{invoice.billing_invoice_email}</Field>
              <Stack direction="row" spacing={3}>
                <Field label="Credit Limit">{money(invoice.bill_to_credit_limit)}</Field>
                <Field label="Balance">{money(invoice.bill_to_current_balance)}</Field>
              </Stack>
            </Column>
          </Grid>
          <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
            <Column title="Ship To">
              <Field label="Client">{invoice.shipping_client_name}</Field>
              <Field label="Address">
                {addressLines(invoice.shipping_address).map((line) => (
                  <div key={line}>{line}</div>
                ))}
              </Field>
              <Field label="Client E-mail">{invoice.client_email_address}</Field>
            </Column>
          </Grid>
          <Grid size={{ xs: 12, lg: 4 }}>
            <Column title="Order">
              <Stack direction="row" spacing={3}>
                <Field label="Case">{invoice.case_number}</Field>
                <Field label="Patient">{invoice.patient_name}</Field>
              </Stack>
              <Stack direction="row" spacing={3}>
                <Field label="Courier">{invoice.courier}</Field>
                <Field label="Platform">{invoice.invoice_platform}</Field>
              </Stack>
              <PurchaseOrderForm key={invoice.invoice_number} invoice={invoice} caseId={caseId} />
              <FreightForm
                key={`${invoice.invoice_number}-${invoice.freight}`}
                invoice={invoice}
                caseId={caseId}
              />
            </Column>
          </Grid>
        </Grid>
        <Divider />
        <InvoiceLinesTable invoice={invoice} />
      </Stack>
    </SectionCard>
  );
};
