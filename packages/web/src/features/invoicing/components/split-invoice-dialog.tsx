import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import {
  splitRefusal,
  canMoveLine,
  checkSplitAmount,
  formatMoney,
  invoiceMessages,
  splitByArch,
  type Invoice,
} from '@lab/domain';
import { usePauseAutoRefresh } from '../../../lib/auto-refresh';
import { useInvoicingAction } from '../api/post-invoicing-action';
import {
  caseAmountCents,
  centsOf,
  moneyOf,
  splitAmountCents,
  splitGroupsOf,
  toggleMoved,
} from '../invoice-rules';
import { SplitList, type SplitCaseItem } from './split-list';

type SplitInvoiceDialogProps = {
  isOpen: boolean;
  invoice: Invoice;
  /** The case the action is posted on (a case of the invoice). */
  caseId: number;
  onClose: () => void;
  /** Told once the split is made (the dialog then closes). */
  onSplit?: () => void;
};

/** Split an invoice (collection-views §5, §7 split_invoice): the second list's cases move to a new invoice. */
export const SplitInvoiceDialog = ({
  isOpen,
  invoice,
  caseId,
  onClose,
  onSplit,
}: SplitInvoiceDialogProps) => {
  usePauseAutoRefresh(isOpen);
  const titleId = useId();
  return (
    <Dialog open={isOpen} onClose={onClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Split Invoice {invoice.invoice_number}</DialogTitle>
      {/* Mounted only while open: each opening starts with every case on the invoice. */}
      {isOpen && <SplitInvoiceForm invoice={invoice} caseId={caseId} onClose={onClose} onSplit={onSplit} />}
    </Dialog>
  );
};

const Amount = ({ label, value }: { label: string; value: string }) => (
  <Stack spacing={0.25}>
    <Typography variant="caption" color="text.secondary">
      {label}
    </Typography>
    <Typography variant="subtitle1" component="output" aria-label={label} sx={{ fontWeight: 600 }}>
      {value}
    </Typography>
  </Stack>
);

const SplitInvoiceForm = ({ invoice, caseId, onClose, onSplit }: Omit<SplitInvoiceDialogProps, 'isOpen'>) => {
  const [moved, setMoved] = useState<string[]>([]);
  const action = useInvoicingAction(invoice.case_collection_uid);
  const groups = splitGroupsOf(invoice, moved);
  const totalCents = centsOf(invoice.total);
  const splitCents = splitAmountCents(invoice, moved);
  const message = checkSplitAmount(splitCents, totalCents);
  const refusal = splitRefusal({ groups, split_cents: splitCents, total_cents: totalCents });
  const canConfirm = refusal === null;
  const money = (cents: number) => formatMoney(cents, invoice.currency);

  const details = new Map(invoice.related_case_details.map((detail) => [detail.case_mkey, detail]));
  const itemsOf = (keys: readonly string[]): SplitCaseItem[] =>
    keys.map((caseMkey) => ({
      caseMkey,
      jobTypeName: details.get(caseMkey)?.job_type_name ?? '',
      amount: money(caseAmountCents(invoice, caseMkey)),
    }));
  const fixedItems = invoice.lines
    .filter((line) => !canMoveLine(line))
    .map((line, index) => ({
      key: `fixed-${index}`,
      description: line.case_mkey ? `${line.case_mkey} · ${line.description}` : line.description,
      amount: moneyOf(line.total_amount, invoice.currency),
    }));

  const handleMove = (caseMkey: string) => {
    action.reset();
    setMoved((current) => toggleMoved(current, caseMkey));
  };
  const handleSplitByArch = () => {
    action.reset();
    const [, lower] = splitByArch(
      invoice.related_case_details.map((detail) => ({
        case_mkey: detail.case_mkey,
        teeth: detail.teeth,
        dentate: detail.dentate,
      })),
    );
    setMoved(lower);
  };
  const handleConfirm = () =>
    action.mutate(
      {
        caseId,
        action: {
          action: 'split_invoice',
          split_invoice: { invoice_group_uid: invoice.invoice_group_uid, groups },
        },
      },
      {
        onSuccess: () => {
          onSplit?.();
          onClose();
        },
      },
    );

  const firstTitle = `Invoice ${invoice.invoice_number}`;
  return (
    <>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Stack direction="row" spacing={4} sx={{ alignItems: 'flex-end', flexWrap: 'wrap', rowGap: 1 }}>
            <Amount label="Invoice Total" value={money(totalCents)} />
            <Amount label="Split Amount" value={money(splitCents)} />
            <Amount label="Remaining Total" value={money(totalCents - splitCents)} />
            <Button variant="outlined" onClick={handleSplitByArch} sx={{ ml: 'auto !important' }}>
              Split by arch
            </Button>
          </Stack>
          {message && (
            <FormHelperText error role="status" sx={{ mt: 0 }}>
              {message}
            </FormHelperText>
          )}
          <Typography variant="body2" color="text.secondary">
            Drag cases to the new invoice, or use their arrow buttons. Their lines move with them.
          </Typography>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <SplitList
                title={firstTitle}
                side="first"
                cases={itemsOf(groups[0])}
                fixedItems={fixedItems}
                moveLabel={(caseMkey) => `Move ${caseMkey} to the new invoice`}
                onMove={handleMove}
                isFromOtherList={(caseMkey) => moved.includes(caseMkey)}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <SplitList
                title="New Invoice"
                side="second"
                cases={itemsOf(groups[1])}
                moveLabel={(caseMkey) => `Move ${caseMkey} back to ${firstTitle.toLowerCase()}`}
                onMove={handleMove}
                isFromOtherList={(caseMkey) => !moved.includes(caseMkey)}
              />
            </Grid>
          </Grid>
          {action.isError && <Alert severity="error">{invoiceMessages.splitFailed}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        {/* Why Confirm waits when a side has no case (an amount's problem shows by the amount). */}
        {refusal && refusal !== message && (
          <Typography variant="body2" color="text.secondary" role="status" sx={{ mr: 'auto', pl: 2 }}>
            {refusal}
          </Typography>
        )}
        <Button onClick={onClose} disabled={action.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={handleConfirm} disabled={!canConfirm || action.isPending}>
          Confirm
        </Button>
      </DialogActions>
    </>
  );
};
