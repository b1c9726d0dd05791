import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { paymentBodySchema, type AccountsInvoice } from '@lab/domain';
import { isApiError } from '../../../lib/api-client';
import { useRecordPayment } from '../api/accounts-api';
import { money } from './money';

// Money received against one finalised invoice: the amount (part payments allowed, never more than is
// owed), the day it arrived and the remittance's reference. Checked with the server's wording first.

type Draft = { amount: string; paid_on: string; reference: string };
type Field = keyof Draft;

const today = (): string => new Date().toLocaleDateString('en-CA');

export const PaymentDialog = ({
  invoice,
  onClose,
  onPaid,
}: {
  invoice: AccountsInvoice;
  onClose: () => void;
  onPaid: (message: string) => void;
}) => {
  const [draft, setDraft] = useState<Draft>({ amount: invoice.outstanding, paid_on: today(), reference: '' });
  const [isSubmitted, setIsSubmitted] = useState(false);
  const pay = useRecordPayment();
  const parsed = paymentBodySchema.safeParse({ invoice_number: invoice.invoice_number, ...draft });
  const fieldError = (field: Field): string | undefined => {
    const local = parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === field)?.message;
    const server = isApiError(pay.error) ? pay.error.fields?.[field] : undefined;
    return (isSubmitted ? local : undefined) ?? server;
  };
  const field = (name: Field, label: string, props: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      value={draft[name]}
      onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
      error={Boolean(fieldError(name))}
      helperText={fieldError(name)}
      size="small"
      fullWidth
      {...props}
    />
  );
  const submit = () => {
    setIsSubmitted(true);
    if (!parsed.success) return;
    pay.mutate(parsed.data, {
      onSuccess: (row) => {
        onPaid(
          `Payment of ${money(parsed.data.amount, invoice.currency)} recorded on invoice ${invoice.invoice_number}: ` +
            `${money(row.outstanding, row.currency)} still owed.`,
        );
        onClose();
      },
    });
  };

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>Record a payment on invoice {invoice.invoice_number}</DialogTitle>
      <DialogContent>
        <Stack
          spacing={2}
          sx={{ pt: 1 }}
          component="form"
          aria-label="Record a payment"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Typography variant="body2" color="text.secondary">
            {invoice.bill_to.name} · due {money(invoice.inc, invoice.currency)}, owed{' '}
            {money(invoice.outstanding, invoice.currency)}
          </Typography>
          {field('amount', 'Amount', { autoFocus: true, slotProps: { htmlInput: { inputMode: 'decimal' } } })}
          {field('paid_on', 'Received on', { type: 'date', slotProps: { inputLabel: { shrink: true } } })}
          {field('reference', 'Reference', { slotProps: { htmlInput: { maxLength: 100 } } })}
          {pay.error && !(isApiError(pay.error) && pay.error.fields) && (
            <Typography color="error" role="alert">
              {pay.error.message}
            </Typography>
          )}
          <button type="submit" hidden />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={pay.isPending}>
          Record payment
        </Button>
      </DialogActions>
    </Dialog>
  );
};
