import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  auditTexts,
  formatAuditChange,
  formatAuditValue,
  isInlineAuditChange,
  type AuditChange,
} from '@lab/domain';
import { formatDateTime } from '../../../components/date-time-format';
import { usePauseAutoRefresh } from '../../../lib/auto-refresh';

const ChangesDialog = ({ changes, onClose }: { changes: AuditChange[]; onClose: () => void }) => {
  usePauseAutoRefresh(true);
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="audit-changes-title">
      <DialogTitle id="audit-changes-title">{auditTexts.changes}</DialogTitle>
      <DialogContent>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>Field</TableCell>
              <TableCell>Old</TableCell>
              <TableCell>New</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {changes.map((change) => (
              <TableRow key={change.field}>
                <TableCell sx={{ verticalAlign: 'top' }}>{change.field}</TableCell>
                <TableCell sx={{ verticalAlign: 'top', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                  {change.old === undefined ? '' : formatAuditValue(change.old, formatDateTime)}
                </TableCell>
                <TableCell sx={{ verticalAlign: 'top', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                  {formatAuditValue(change.new, formatDateTime)}
                </TableCell>
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

/** A single short change reads inline; anything else behind a 'Changes' button and dialog. */
export const AuditChanges = ({ changes }: { changes: AuditChange[] }) => {
  const [isOpen, setIsOpen] = useState(false);
  if (changes.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {auditTexts.noChanges}
      </Typography>
    );
  }
  if (isInlineAuditChange(changes)) {
    const [change] = changes;
    return <Typography variant="body2">{change ? formatAuditChange(change, formatDateTime) : ''}</Typography>;
  }
  return (
    <>
      <Button size="small" variant="outlined" onClick={() => setIsOpen(true)}>
        {auditTexts.changes} ({changes.length})
      </Button>
      {isOpen && <ChangesDialog changes={changes} onClose={() => setIsOpen(false)} />}
    </>
  );
};
