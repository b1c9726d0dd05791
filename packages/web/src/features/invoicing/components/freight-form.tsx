import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { caseActionSchema, type Invoice } from '@lab/domain';
import { usePauseAutoRefresh } from '../../../lib/auto-refresh';
import { useInvoicingAction } from '../api/post-invoicing-action';
import { isInvoiceClosed } from '../invoice-rules';

// The freight of an open invoice (action invoice_freight, issue 32): a dispatch by courier sets the
// courier's rate; the accounts person corrects it here. A closed invoice keeps its freight.

const messageOf = (freight: string, invoiceNumber: number): string | null => {
  const parsed = caseActionSchema.safeParse({
    action: 'invoice_freight',
    invoice_number: invoiceNumber,
    freight,
  });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
};

export const FreightForm = ({ invoice, caseId }: { invoice: Invoice; caseId: number }) => {
  const [value, setValue] = useState(invoice.freight);
  // The saved freight coming back (or changed elsewhere) replaces the field, keeping the "saved" note.
  const [shown, setShown] = useState(invoice.freight);
  if (shown !== invoice.freight) {
    setShown(invoice.freight);
    setValue(invoice.freight);
  }
  const action = useInvoicingAction(invoice.case_collection_uid);
  const isClosed = isInvoiceClosed(invoice);
  const isDirty = value.trim() !== invoice.freight;
  const problem = isDirty ? messageOf(value, invoice.invoice_number) : null;
  usePauseAutoRefresh(isDirty);

  return (
    <Stack spacing={1}>
      <Stack
        component="form"
        direction="row"
        spacing={1}
        sx={{ alignItems: 'flex-start' }}
        onSubmit={(event) => {
          event.preventDefault();
          if (!isDirty || problem) return;
          action.mutate({
            caseId,
            action: {
              action: 'invoice_freight',
              invoice_number: invoice.invoice_number,
              freight: value.trim(),
            },
          });
        }}
      >
        <TextField
          size="small"
          label="Freight"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          disabled={isClosed || action.isPending}
          error={problem !== null}
          helperText={problem}
          slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 11 } }}
          sx={{ flexGrow: 1 }}
        />
        <Button
          type="submit"
          variant="outlined"
          disabled={isClosed || !isDirty || problem !== null || action.isPending}
          aria-label="Save freight"
        >
          Save
        </Button>
      </Stack>
      {action.isSuccess && !isDirty && (
        <Typography variant="body2" color="success.main" role="status">
          Freight saved
        </Typography>
      )}
      {action.isError && <Alert severity="error">{action.error.message}</Alert>}
    </Stack>
  );
};
