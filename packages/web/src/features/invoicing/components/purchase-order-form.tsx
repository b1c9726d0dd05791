import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { invoiceMessages, type Invoice } from '@lab/domain';
import { usePauseAutoRefresh } from '../../../lib/auto-refresh';
import { useInvoicingAction } from '../api/post-invoicing-action';
import { isInvoiceClosed } from '../invoice-rules';

type PurchaseOrderFormProps = {
  invoice: Invoice;
  /** The case the action is posted on (any case of the collection). */
  caseId: number;
};

/** The PO# of the collection's open invoices (action invoice_purchase_order); blank clears it. */
export const PurchaseOrderForm = ({ invoice, caseId }: PurchaseOrderFormProps) => {
  const saved = invoice.purchase_order_number ?? '';
  const [value, setValue] = useState(saved);
  // The saved PO coming back (or changed elsewhere) replaces the field, keeping the "saved" note.
  const [shown, setShown] = useState(saved);
  if (shown !== saved) {
    setShown(saved);
    setValue(saved);
  }
  const action = useInvoicingAction(invoice.case_collection_uid);
  const isClosed = isInvoiceClosed(invoice);
  const isDirty = value.trim() !== saved;
  usePauseAutoRefresh(isDirty);

  const handleSave = () => {
    const number = value.trim();
    action.mutate({
      caseId,
      action: {
        action: 'invoice_purchase_order',
        case_collection_uid: invoice.case_collection_uid,
        purchase_order_number: number === '' ? null : number,
      },
    });
  };

  return (
    <Stack spacing={1}>
      <Stack
        component="form"
        direction="row"
        spacing={1}
        sx={{ alignItems: 'flex-start' }}
        onSubmit={(event) => {
          event.preventDefault();
          if (isDirty) handleSave();
        }}
      >
        <TextField
          size="small"
          label="PO#"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          disabled={isClosed || action.isPending}
          slotProps={{ htmlInput: { maxLength: 50 } }}
          sx={{ flexGrow: 1 }}
        />
        <Button
          type="submit"
          variant="outlined"
          disabled={isClosed || !isDirty || action.isPending}
          aria-label="Save PO#"
        >
          Save
        </Button>
      </Stack>
      {action.isSuccess && !isDirty && (
        <Typography variant="body2" color="success.main" role="status">
          PO# saved
        </Typography>
      )}
      {action.isError && <Alert severity="error">{invoiceMessages.purchaseOrderFailed}</Alert>}
    </Stack>
  );
};
