import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import {
  printDocumentLabels,
  printDocumentTypes,
  printingMessages,
  printQuantities,
  type PrintDocumentType,
} from '@lab/domain';
import { usePauseAutoRefresh } from '../../../lib/auto-refresh';
import { useConf } from '../../../lib/conf';
import { usePrintCase } from '../api/print-case';
import {
  arePrinterAndQuantityShown,
  isPrintEnabled,
  isPrintRelatedShown,
  isQc,
  legacyQcUrl,
  listPrintersFor,
  type Printer,
} from '../print-dialog-rules';
import { PrintJobStatus } from './print-job-status';

export type PrintOptionsDialogProps = {
  isOpen: boolean;
  caseItem: { uid: string; case_mkey: string };
  /** The signed-in user's printers (GET /api/me/): the page passes them in. */
  printers: readonly Printer[];
  /** What the dialog starts on (the Ready for Dispatch dialog starts on the packing slip). */
  initialDocumentType?: PrintDocumentType;
  onClose: () => void;
};

/** Print Options (collection-views §2, §5): document, printer, quantity, Print Related; then the job. */
export const PrintOptionsDialog = ({
  isOpen,
  caseItem,
  printers,
  initialDocumentType = 'label',
  onClose,
}: PrintOptionsDialogProps) => {
  usePauseAutoRefresh(isOpen);
  const titleId = useId();
  const conf = useConf();
  const [documentType, setDocumentType] = useState<PrintDocumentType>(initialDocumentType);
  const [printerId, setPrinterId] = useState<number | null>(null);
  const [quantity, setQuantity] = useState(1);
  const [isRelatedPrinted, setIsRelatedPrinted] = useState(false);
  const print = usePrintCase(caseItem.case_mkey);
  const offered = listPrintersFor(printers, documentType);
  const chosenPrinter = offered.some((printer) => printer.id === printerId) ? printerId : null;

  const handleClose = () => {
    print.reset();
    onClose();
  };

  const handleDocumentType = (value: PrintDocumentType) => {
    setDocumentType(value);
    print.reset();
    // A printer of the other kind is no choice for the new document.
    if (!listPrintersFor(printers, value).some((printer) => printer.id === printerId)) setPrinterId(null);
  };

  const handlePrint = () => {
    if (isQc(documentType)) {
      window.open(legacyQcUrl(conf.order_entry_platform_url, caseItem.uid), '_blank', 'noopener');
      return;
    }
    if (chosenPrinter === null) return;
    print.mutate({
      document_type: documentType,
      quantity,
      printer_id: chosenPrinter,
      bundle: isPrintRelatedShown(documentType) && isRelatedPrinted ? 'all' : 'one',
    });
  };

  return (
    <Dialog open={isOpen} onClose={handleClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        {printingMessages.dialogTitle} · {caseItem.case_mkey}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label="Document"
            value={documentType}
            onChange={(event) => handleDocumentType(event.target.value as PrintDocumentType)}
          >
            {printDocumentTypes.map((type) => (
              <MenuItem key={type} value={type}>
                {printDocumentLabels[type]}
              </MenuItem>
            ))}
          </TextField>
          {arePrinterAndQuantityShown(documentType) && (
            <>
              <TextField
                select
                label="Printer"
                value={chosenPrinter === null ? '' : String(chosenPrinter)}
                onChange={(event) => setPrinterId(Number(event.target.value))}
                helperText={offered.length === 0 ? printingMessages.noPrinters : ' '}
                error={offered.length === 0}
              >
                {offered.map((printer) => (
                  <MenuItem key={printer.id} value={String(printer.id)}>
                    {printer.printer_name}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                label="Quantity"
                value={String(quantity)}
                onChange={(event) => setQuantity(Number(event.target.value))}
              >
                {printQuantities.map((n) => (
                  <MenuItem key={n} value={String(n)}>
                    {n}
                  </MenuItem>
                ))}
              </TextField>
            </>
          )}
          {isPrintRelatedShown(documentType) && (
            <FormControlLabel
              control={
                <Checkbox
                  checked={isRelatedPrinted}
                  onChange={(event) => setIsRelatedPrinted(event.target.checked)}
                />
              }
              label={printingMessages.printRelated}
            />
          )}
          {print.error && <Alert severity="error">{print.error.message}</Alert>}
          {print.data && <PrintJobStatus key={print.data.id} job={print.data} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={handleClose}>Close</Button>
        <Button
          variant="contained"
          onClick={handlePrint}
          disabled={!isPrintEnabled(documentType, chosenPrinter, printers) || print.isPending}
        >
          Print
        </Button>
      </DialogActions>
    </Dialog>
  );
};
