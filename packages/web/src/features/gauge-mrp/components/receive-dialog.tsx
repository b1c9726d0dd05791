import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { receiveStockSchema, type GaugeStockRow } from '@lab/domain';
import { isApiError } from '../../../lib/api-client';
import { useReceiveStock } from '../api/stock-api';

// Receive a delivery of one part: how many, the lot printed on the box, its expiry and the supplier's
// reference (delivery note or PO). Checked with the server's wording before it goes.

type Draft = { quantity: string; lot: string; expires_on: string; supplier_reference: string };
const emptyDraft: Draft = { quantity: '', lot: '', expires_on: '', supplier_reference: '' };
type Field = keyof Draft;

export const ReceiveDialog = ({
  part,
  branchId,
  onClose,
}: {
  part: GaugeStockRow;
  branchId: number;
  onClose: () => void;
}) => {
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const receive = useReceiveStock();
  const parsed = receiveStockSchema.safeParse({
    branch_id: branchId,
    code: part.code,
    quantity: draft.quantity.trim() === '' ? undefined : Number(draft.quantity),
    lot: draft.lot,
    expires_on: draft.expires_on === '' ? null : draft.expires_on,
    ...(draft.supplier_reference.trim() === '' ? {} : { supplier_reference: draft.supplier_reference }),
  });
  const fieldError = (field: Field): string | undefined => {
    const local = parsed.success
      ? undefined
      : parsed.error.issues.find((issue) => issue.path[0] === field)?.message;
    const server = isApiError(receive.error) ? receive.error.fields?.[field] : undefined;
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
    receive.mutate(parsed.data, { onSuccess: onClose });
  };

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>Receive {part.code}</DialogTitle>
      <DialogContent>
        <Stack
          spacing={2}
          sx={{ pt: 1 }}
          component="form"
          aria-label="Receive a delivery"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Typography variant="body2" color="text.secondary">
            {part.name} · on hand {part.on_hand}
          </Typography>
          {field('quantity', 'Quantity', {
            type: 'number',
            slotProps: { htmlInput: { min: 1, step: 1 } },
            autoFocus: true,
          })}
          {field('lot', 'Lot', { slotProps: { htmlInput: { maxLength: 64 } } })}
          {field('expires_on', 'Expiry', { type: 'date', slotProps: { inputLabel: { shrink: true } } })}
          {field('supplier_reference', 'Supplier reference', {
            slotProps: { htmlInput: { maxLength: 120 } },
          })}
          {receive.error && !isApiError(receive.error) && (
            <Typography color="error">{receive.error.message}</Typography>
          )}
          {isApiError(receive.error) && !receive.error.fields && (
            <Typography color="error">{receive.error.message}</Typography>
          )}
          <button type="submit" hidden />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={receive.isPending}>
          Receive
        </Button>
      </DialogActions>
    </Dialog>
  );
};
