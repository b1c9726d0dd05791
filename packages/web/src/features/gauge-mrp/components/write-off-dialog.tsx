import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { leftAfterTaking, writeOffStockSchema, type GaugeStockRow } from '@lab/domain';
import { isApiError } from '../../../lib/api-client';
import { useWriteOffStock } from '../api/stock-api';

// Write parts off (damaged, expired, lost) with the reason. One that would leave less than nothing on
// hand says what it leaves and needs a second, explicit press; so does one the server refused because the
// stock fell meanwhile (409, with its own words).

type Draft = { quantity: string; reason: string };
type Field = keyof Draft;

export const WriteOffDialog = ({
  part,
  branchId,
  onClose,
}: {
  part: GaugeStockRow;
  branchId: number;
  onClose: () => void;
}) => {
  const [draft, setDraft] = useState<Draft>({ quantity: '', reason: '' });
  const [isSubmitted, setIsSubmitted] = useState(false);
  const writeOff = useWriteOffStock();
  const quantity = draft.quantity.trim() === '' ? undefined : Number(draft.quantity);
  const parsed = writeOffStockSchema.safeParse({
    branch_id: branchId,
    code: part.code,
    quantity,
    reason: draft.reason,
  });
  const leaves =
    quantity !== undefined && Number.isInteger(quantity) ? leftAfterTaking(part.on_hand, quantity) : null;
  const refusedBelowZero = isApiError(writeOff.error) && writeOff.error.status === 409;
  const isBelowZero = Boolean(leaves?.isBelowZero) || refusedBelowZero;
  const fieldError = (field: Field): string | undefined => {
    const local = parsed.success
      ? undefined
      : parsed.error.issues.find((issue) => issue.path[0] === field)?.message;
    const server = isApiError(writeOff.error) ? writeOff.error.fields?.[field] : undefined;
    return (isSubmitted ? local : undefined) ?? server;
  };
  const submit = () => {
    setIsSubmitted(true);
    if (!parsed.success) return;
    writeOff.mutate(
      { ...parsed.data, ...(isBelowZero ? { confirm_below_zero: true } : {}) },
      { onSuccess: onClose },
    );
  };

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>Write off {part.code}</DialogTitle>
      <DialogContent>
        <Stack
          spacing={2}
          sx={{ pt: 1 }}
          component="form"
          aria-label="Write off"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Typography variant="body2" color="text.secondary">
            {part.name} · on hand {part.on_hand}
          </Typography>
          <TextField
            label="Quantity"
            type="number"
            value={draft.quantity}
            onChange={(event) => setDraft({ ...draft, quantity: event.target.value })}
            error={Boolean(fieldError('quantity'))}
            helperText={fieldError('quantity')}
            size="small"
            autoFocus
            slotProps={{ htmlInput: { min: 1, step: 1 } }}
          />
          <TextField
            label="Reason"
            value={draft.reason}
            onChange={(event) => setDraft({ ...draft, reason: event.target.value })}
            error={Boolean(fieldError('reason'))}
            helperText={fieldError('reason')}
            size="small"
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          {refusedBelowZero && writeOff.error ? (
            <Alert severity="warning">{writeOff.error.message}</Alert>
          ) : (
            leaves?.isBelowZero && (
              <Alert severity="warning">This leaves {leaves.left} on hand, below zero.</Alert>
            )
          )}
          {writeOff.error && !refusedBelowZero && !(isApiError(writeOff.error) && writeOff.error.fields) && (
            <Typography color="error">{writeOff.error.message}</Typography>
          )}
          <button type="submit" hidden />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          color={isBelowZero ? 'warning' : 'primary'}
          onClick={submit}
          disabled={writeOff.isPending}
        >
          {isBelowZero ? 'Write off anyway' : 'Write off'}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
