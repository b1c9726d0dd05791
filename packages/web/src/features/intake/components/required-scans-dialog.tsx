import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { scanKindLabels, scanKinds, type JobTypeRequiredScans, type ScanKind } from '@lab/domain';
import { useRequiredScans, useSetRequiredScans } from '../api/required-scans-api';

const columnTitles: Record<ScanKind, string> = {
  arch_scan: 'Jaw scan',
  opposing_scan: 'Opposing jaw',
  bite_scan: 'Bite',
  scan_body_scan: 'Scan body',
};

/**
 * The administrator's table of the scans pre-flight asks of each job type: a tick is saved at once, and
 * the desk's next reports follow it (a case missing a required scan cannot be checked in without a reason).
 */
export const RequiredScansDialog = ({ onClose }: { onClose: () => void }) => {
  const { data: rows, isPending } = useRequiredScans(true);
  const save = useSetRequiredScans();
  const toggle = (row: JobTypeRequiredScans, kind: ScanKind) =>
    save.mutate({
      jobTypeId: row.job_type_id,
      // In the table's order, whatever order they were ticked in.
      kinds: scanKinds.filter((k) => (k === kind ? !row.kinds.includes(k) : row.kinds.includes(k))),
    });
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>Required scans</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          The scans an order of each job type must bring. Pre-flight asks for each one ticked.
        </Typography>
        {(isPending || save.isPending) && <LinearProgress aria-label="Saving" />}
        {save.error && (
          <Typography color="error" role="alert">
            {save.error.message}
          </Typography>
        )}
        <Table size="small" aria-label="Required scans" stickyHeader>
          <TableHead>
            <TableRow>
              <TableCell>Job type</TableCell>
              {scanKinds.map((kind) => (
                <TableCell key={kind} align="center" title={scanKindLabels[kind]}>
                  {columnTitles[kind]}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {(rows ?? []).map((row) => (
              <TableRow key={row.job_type_id} hover>
                <TableCell>{row.job_type}</TableCell>
                {scanKinds.map((kind) => (
                  <TableCell key={kind} align="center" padding="checkbox">
                    <Checkbox
                      checked={row.kinds.includes(kind)}
                      disabled={save.isPending}
                      onChange={() => toggle(row, kind)}
                      slotProps={{ input: { 'aria-label': `${row.job_type}: ${scanKindLabels[kind]}` } }}
                    />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
};
