import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useMemo } from 'react';
import type { Collection, Dispatch } from '@lab/domain';
import { DateTimeText } from '../../../components/date-time-text';
import { addressLine } from '../new-dispatch-form';

/** The tracking reference, opening the courier's tracking page in a new tab when it has one. */
const TrackingReference = ({ dispatch }: { dispatch: Dispatch }) =>
  dispatch.tracking_url ? (
    <Link href={dispatch.tracking_url} target="_blank" rel="noopener noreferrer">
      {dispatch.tracking_reference}
    </Link>
  ) : (
    <>{dispatch.tracking_reference ?? '—'}</>
  );

/** The collection's dispatches, newest first (collection-views §3 'Dispatch'). */
export const DispatchList = ({ collection }: { collection: Collection }) => {
  const caseKeys = useMemo(
    () => new Map(collection.cases.map((item) => [item.uid, item.case_mkey])),
    [collection.cases],
  );
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Dispatches">
        <TableHead>
          <TableRow>
            <TableCell>Dispatched</TableCell>
            <TableCell>Courier</TableCell>
            <TableCell>Tracking Reference</TableCell>
            <TableCell>Address</TableCell>
            <TableCell>By</TableCell>
            <TableCell>Cases</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {collection.dispatches.map((dispatch) => (
            <TableRow key={dispatch.uid}>
              <TableCell>
                <DateTimeText iso={dispatch.dispatched_at} />
              </TableCell>
              <TableCell>{dispatch.courier ?? '—'}</TableCell>
              <TableCell>
                <TrackingReference dispatch={dispatch} />
              </TableCell>
              <TableCell>{addressLine(dispatch.shipping_address) || '—'}</TableCell>
              <TableCell>{dispatch.dispatched_by ?? '—'}</TableCell>
              <TableCell>
                {dispatch.case_uids
                  .flatMap((uid) => caseKeys.get(uid) ?? [])
                  .sort()
                  .join(', ')}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
};
