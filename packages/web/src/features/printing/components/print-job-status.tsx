import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { printDocumentLabels, printJobStatusLabels, type PrintJob } from '@lab/domain';
import { usePrintJob } from '../api/get-print-job';

const severityOf = (status: PrintJob['status']) =>
  status === 'failed' ? 'error' : status === 'queued' ? 'info' : 'success';

/** The printed job as it goes: queued (polled), then sent, kept or failed; and its PDF to open. */
export const PrintJobStatus = ({ job: printed }: { job: PrintJob }) => {
  const { data } = usePrintJob(printed.id);
  const job = data ?? printed;

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
          // The PDF route takes the session cookie a new tab sends (cookieOrToken).
          href={job.pdf_url}
          target="_blank"
          rel="noopener"
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
      </Stack>
    </Alert>
  );
};
