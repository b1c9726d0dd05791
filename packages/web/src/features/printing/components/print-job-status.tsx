import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { useState } from 'react';
import { printDocumentLabels, printingMessages, printJobStatusLabels, type PrintJob } from '@lab/domain';
import { usePrintJob } from '../api/get-print-job';
import { openPrintPdf } from '../api/open-print-pdf';

const severityOf = (status: PrintJob['status']) =>
  status === 'failed' ? 'error' : status === 'queued' ? 'info' : 'success';

/** The printed job as it goes: queued (polled), then sent, kept or failed; and its PDF to open. */
export const PrintJobStatus = ({ job: printed }: { job: PrintJob }) => {
  const { data } = usePrintJob(printed.id);
  const job = data ?? printed;
  const [pdfError, setPdfError] = useState<string | null>(null);

  const handleOpenPdf = () => {
    setPdfError(null);
    openPrintPdf(job.pdf_url).catch(() => setPdfError(printingMessages.pdfFailed));
  };

  return (
    <Alert
      severity={severityOf(job.status)}
      icon={job.status === 'queued' ? <CircularProgress size={20} /> : undefined}
      aria-label="Print job"
      action={
        <Button
          color="inherit"
          size="small"
          startIcon={<PictureAsPdfIcon />}
          onClick={handleOpenPdf}
          sx={{ whiteSpace: 'nowrap' }}
        >
          Open PDF
        </Button>
      }
    >
      <Stack spacing={0.5}>
        <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="print-job-status">
          {printJobStatusLabels[job.status]}
        </Typography>
        <Typography variant="body2">
          {printDocumentLabels[job.document_type]} {job.case_mkeys.join(', ')} · {job.printer_name} ·{' '}
          {job.pages} {job.pages === 1 ? 'page' : 'pages'}
        </Typography>
        {job.error && (
          <Typography variant="body2">
            {job.status === 'queued' ? 'Trying again: ' : ''}
            {job.error}
          </Typography>
        )}
        {pdfError && <Typography variant="body2">{pdfError}</Typography>}
      </Stack>
    </Alert>
  );
};
