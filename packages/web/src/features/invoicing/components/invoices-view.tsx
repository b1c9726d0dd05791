import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { useState } from 'react';
import { canSplitInvoice, invoiceMessages, type Collection, type Invoice } from '@lab/domain';
import { useCaseInvoices } from '../api/get-case-invoices';
import { AccountingExportCard } from './accounting-export-card';
import { invoicingTexts, isInvoiceClosed } from '../invoice-rules';
import { FinaliseCard } from './finalise-card';
import { InvoiceDetailsCard } from './invoice-details-card';
import { InvoiceIssuesCard } from './invoice-issues-card';
import { InvoiceList } from './invoice-list';
import { ItemOptionsCard } from './item-options-card';
import { SplitInvoiceDialog } from './split-invoice-dialog';

type InvoicesViewProps = {
  collection: Collection;
  /** Finalise and Manual Invoice are the admin's (domain-decisions 'Roles'). */
  isAdmin: boolean;
};

const Notice = ({ children }: { children: string }) => (
  <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
    <ReceiptLongOutlinedIcon color="disabled" sx={{ fontSize: 40, mb: 1 }} />
    <Typography color="text.secondary">{children}</Typography>
  </Paper>
);

/**
 * The collection's Billing view (collection-views §2 'Invoices view'): the chosen invoice's details and
 * item options on the left; the list of invoices, the finalise card and the issues on the right. Invoices are read through a
 * case of the collection, so a collection without a fulfillment branch or without cases shows why not.
 */
export const InvoicesView = ({ collection, isAdmin }: InvoicesViewProps) => {
  const firstCase = collection.cases[0];
  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2">
        Billing
      </Typography>
      {collection.fulfillment_branch_id === null ? (
        <Alert severity="warning">{invoiceMessages.noFulfillmentBranch}</Alert>
      ) : firstCase ? (
        <InvoicesPanel collectionUid={collection.uid} caseId={firstCase.case_id} isAdmin={isAdmin} />
      ) : (
        <Notice>{invoicingTexts.noCases}</Notice>
      )}
    </Stack>
  );
};

/** The open invoice first (it is the one to work on), else the newest closed one. */
const defaultInvoice = (invoices: readonly Invoice[]): Invoice | undefined =>
  invoices.find((invoice) => !isInvoiceClosed(invoice)) ?? invoices.at(-1);

type InvoicesPanelProps = { collectionUid: string; caseId: number; isAdmin: boolean };

const InvoicesPanel = ({ collectionUid, caseId, isAdmin }: InvoicesPanelProps) => {
  const query = useCaseInvoices(collectionUid, caseId);
  const [selectedNumber, setSelectedNumber] = useState<number | null>(null);
  const [isSplitOpen, setIsSplitOpen] = useState(false);
  const [splitNote, setSplitNote] = useState<string | null>(null);

  if (query.isPending) return <LinearProgress aria-label="Loading invoices" />;
  if (query.isError) return <Alert severity="error">{query.error.message}</Alert>;
  const invoices = query.data;
  const invoice = invoices.find((item) => item.invoice_number === selectedNumber) ?? defaultInvoice(invoices);
  if (!invoice) return <Notice>{invoicingTexts.noInvoices}</Notice>;

  // Actions go to a case of the invoice, which names the collection the server checks the invoice against.
  const actionCaseId = invoice.related_case_details[0]?.case_id ?? caseId;
  const isSplittable = canSplitInvoice({
    split_invoice_allowed: invoice.split_invoice_allowed,
    related_case_count: invoice.related_case_details.length,
  });

  return (
    <Grid container spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Grid size={{ xs: 12, md: 8 }}>
        <Stack spacing={2}>
          {splitNote && (
            <Alert severity="success" role="status" onClose={() => setSplitNote(null)}>
              {splitNote}
            </Alert>
          )}
          <InvoiceDetailsCard
            invoice={invoice}
            caseId={actionCaseId}
            onSplit={isSplittable ? () => setIsSplitOpen(true) : null}
          />
          <ItemOptionsCard invoice={invoice} caseId={caseId} />
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Stack spacing={2}>
          <InvoiceList
            invoices={invoices}
            selectedNumber={invoice.invoice_number}
            onSelect={setSelectedNumber}
          />
          <FinaliseCard
            key={invoice.invoice_number}
            invoice={invoice}
            caseId={actionCaseId}
            isAdmin={isAdmin}
          />
          <InvoiceIssuesCard invoice={invoice} />
          {isAdmin && <AccountingExportCard />}
        </Stack>
      </Grid>
      <SplitInvoiceDialog
        isOpen={isSplitOpen}
        invoice={invoice}
        caseId={actionCaseId}
        onClose={() => setIsSplitOpen(false)}
        onSplit={() =>
          setSplitNote(`Invoice ${invoice.invoice_number} split: the moved cases are on a new invoice`)
        }
      />
    </Grid>
  );
};
