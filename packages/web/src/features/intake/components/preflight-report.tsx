import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { PreflightReport } from '@lab/domain';

/** The pre-flight's checks, blocks first; a ready case says so. */
export const PreflightChecks = ({ report }: { report: PreflightReport }) =>
  report.checks.length === 0 ? (
    <Alert severity="success">Pre-flight passed: the files and the prescription are complete.</Alert>
  ) : (
    <Stack spacing={1}>
      {report.checks.map((check, index) => (
        <Alert
          key={`${check.code}-${check.file_id ?? index}`}
          severity={check.severity === 'block' ? 'error' : 'warning'}
        >
          {check.message}
        </Alert>
      ))}
    </Stack>
  );

/** A row's summary chip: Ready, or how many checks block and warn. */
export const PreflightChip = ({ report }: { report: PreflightReport | undefined }) => {
  if (!report) return <Chip size="small" variant="outlined" label="Checking…" />;
  const blocks = report.checks.filter((c) => c.severity === 'block').length;
  const warns = report.checks.length - blocks;
  if (blocks > 0) return <Chip size="small" color="error" label={`${blocks} blocking`} />;
  if (warns > 0) return <Chip size="small" color="warning" label={`${warns} to look at`} />;
  return <Chip size="small" color="success" label="Ready" />;
};
