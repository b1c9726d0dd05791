import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { finaliseFailureText, invoiceMessages, type Invoice } from '@lab/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { isApiError } from '../../../lib/api-client';
import { useInvoicingAction } from '../api/post-invoicing-action';
import { formatInvoiceDate, invoicingTexts } from '../invoice-rules';
import { SectionCard } from './section-card';

type FinaliseCardProps = {
  invoice: Invoice;
  /** The case the action is posted on (a case of the invoice). */
  caseId: number;
  isAdmin: boolean;
};

type Closing = 'finalise_invoice' | 'manually_invoiced';

const confirmations: Record<Closing, { title: string; message: string }> = {
  finalise_invoice: { title: 'Finalise Invoice', message: invoiceMessages.finaliseConfirm },
  manually_invoiced: { title: 'Manual Invoice', message: invoiceMessages.manualInvoiceConfirm },
};

/**
 * Finalise and Manual Invoice (collection-views §4 'Invoice', §6, §8): the admin's, each after its
 * confirmation, both irreversible. Finalise waits until no case awaits dispatch; a cash customer is
 * never finalised, only invoiced by hand.
 */
export const FinaliseCard = ({ invoice, caseId, isAdmin }: FinaliseCardProps) => {
  const reasonId = useId();
  const [confirming, setConfirming] = useState<Closing | null>(null);
  const action = useInvoicingAction(invoice.case_collection_uid);

  const handleConfirm = () => {
    if (!confirming) return;
    action.mutate(
      { caseId, action: { action: confirming, invoice_number: invoice.invoice_number } },
      { onSettled: () => setConfirming(null) },
    );
  };

  const failure = action.isError
    ? finaliseFailureText(isApiError(action.error) ? action.error.message : null)
    : null;
  const canFinalise = invoice.ready_to_finalise;

  return (
    <SectionCard title="Finalise">
      <Stack spacing={2}>
        {invoice.is_cash_customer && <Alert severity="warning">{invoiceMessages.cashCustomer}</Alert>}
        {invoice.finalised && (
          <Alert severity="success">
            {invoice.invoice_date ? `Finalised on ${formatInvoiceDate(invoice.invoice_date)}` : 'Finalised'}
          </Alert>
        )}
        {invoice.manually_invoiced && <Alert severity="info">Manually Invoiced</Alert>}
        {!invoice.finalised && !invoice.manually_invoiced && !isAdmin && (
          <Typography variant="body2" color="text.secondary">
            {invoicingTexts.adminOnly}
          </Typography>
        )}
        {!invoice.finalised && !invoice.manually_invoiced && isAdmin && (
          <Stack spacing={1}>
            <Stack direction="row" spacing={1}>
              {!invoice.is_cash_customer && (
                <Button
                  variant="contained"
                  disabled={!canFinalise || action.isPending}
                  aria-describedby={canFinalise ? undefined : reasonId}
                  onClick={() => setConfirming('finalise_invoice')}
                >
                  Finalise
                </Button>
              )}
              <Button
                variant="outlined"
                disabled={action.isPending}
                onClick={() => setConfirming('manually_invoiced')}
              >
                Manual Invoice
              </Button>
            </Stack>
            {!canFinalise && !invoice.is_cash_customer && (
              <Typography id={reasonId} variant="body2" color="text.secondary">
                {invoiceMessages.awaitingDispatch}
              </Typography>
            )}
          </Stack>
        )}
        {failure && <Alert severity="error">{failure}</Alert>}
      </Stack>
      <ConfirmDialog
        isOpen={confirming !== null}
        title={confirming ? confirmations[confirming].title : ''}
        message={confirming ? confirmations[confirming].message : ''}
        isBusy={action.isPending}
        onConfirm={handleConfirm}
        onCancel={() => setConfirming(null)}
      />
    </SectionCard>
  );
};
