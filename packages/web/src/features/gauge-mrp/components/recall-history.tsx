import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import type { RecallQuery } from '@lab/domain';
import { formatDateTime } from '../../../components/date-time-format';
import { useRecalls } from '../api/recall-api';

// The recalls the lab acted on: the notice, who told the clients and when, how many; each runs again.

export const RecallHistory = ({ onRun }: { onRun: (query: RecallQuery) => void }) => {
  const { data: recalls = [] } = useRecalls();
  if (recalls.length === 0) return null;
  return (
    <>
      <Typography variant="h6" component="h2">
        Recalls on record
      </Typography>
      <TableContainer component={Paper}>
        <Table size="small" aria-label="Recalls on record">
          <TableHead>
            <TableRow>
              <TableCell>Notice</TableCell>
              <TableCell>Article</TableCell>
              <TableCell>Lot</TableCell>
              <TableCell>Clients told</TableCell>
              <TableCell>By</TableCell>
              <TableCell>When</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {recalls.map((recall) => (
              <TableRow key={recall.id}>
                <TableCell>{recall.notice_reference}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{recall.article}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{recall.lot}</TableCell>
                <TableCell>
                  {recall.collections} ({recall.cases} case{recall.cases === 1 ? '' : 's'})
                </TableCell>
                <TableCell>{recall.notified_by ?? '—'}</TableCell>
                <TableCell>
                  <time dateTime={recall.notified_at}>{formatDateTime(recall.notified_at)}</time>
                </TableCell>
                <TableCell>
                  <Button size="small" onClick={() => onRun({ article: recall.article, lot: recall.lot })}>
                    Run again
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
};
