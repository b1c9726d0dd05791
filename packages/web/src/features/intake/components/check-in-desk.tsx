import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { maxStreamCollections, permissionRefusal, type CheckInLists, type CheckInRow } from '@lab/domain';
import { formatDateTime } from '../../../components/date-time-format';
import { useScanHandler } from '../../../lib/scan-to-open';
import { useMe } from '../../me/api/get-me';
import { useBranches } from '../../reference/api/get-branches';
import { useCheckInLists, usePreflight } from '../api/checkin-api';
import { CheckInPanel } from './check-in-panel';
import { BranchSelect, useBranchInAddress } from '../../../components/branch-select';
import { lazyPart } from '../../../components/lazy-part';
import { PreflightChip } from './preflight-report';

// The Check-in desk (issue 29): per branch, the orders that arrived, those received and waiting for
// check-in, and those checked in today, each with its pre-flight chip; a row opens its report beside the
// lists, with Check in. New orders show at once (the live stream's `order_arrived`); the collections of
// the rows still to check in are watched, so a scan arriving or a colleague's Check in shows at once too.

/** The live stream carries at most this many collections (maxStreamCollections): the oldest rows first. */
const watchedRowLimit = maxStreamCollections;

// The New Order form downloads when first opened: the desk's first paint does without it.
const NewOrderDialog = lazyPart(() => import('./new-order-dialog').then((module) => module.NewOrderDialog));
const RequiredScansDialog = lazyPart(() =>
  import('./required-scans-dialog').then((module) => module.RequiredScansDialog),
);

type ListKey = Exclude<keyof CheckInLists, 'branch'>;

const listTitles: Record<ListKey, string> = {
  arrived: 'Arrived',
  awaiting_check_in: 'Awaiting check-in',
  checked_in_today: 'Checked in today',
};

const RowChip = ({ row }: { row: CheckInRow }) => {
  const { data } = usePreflight(row, 30_000);
  return <PreflightChip report={data} />;
};

const CheckInList = ({
  title,
  rows,
  selected,
  onSelect,
}: {
  title: string;
  rows: CheckInRow[];
  selected: string | null;
  onSelect: (row: CheckInRow) => void;
}) => (
  <Paper variant="outlined" sx={{ p: 2 }}>
    <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 500 }}>
      {title} · {rows.length}
    </Typography>
    {rows.length === 0 ? (
      <Typography color="text.secondary" sx={{ py: 1 }}>
        None
      </Typography>
    ) : (
      <Table size="small" aria-label={title}>
        <TableHead>
          <TableRow>
            <TableCell>Case</TableCell>
            <TableCell>Patient</TableCell>
            <TableCell>Client</TableCell>
            <TableCell>Ordered</TableCell>
            <TableCell>Pre-flight</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow
              key={row.case_uid}
              hover
              selected={row.case_uid === selected}
              tabIndex={0}
              sx={{ cursor: 'pointer' }}
              onClick={() => onSelect(row)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') onSelect(row);
              }}
            >
              <TableCell>
                {row.case_mkey}
                <Typography variant="caption" component="div" color="text.secondary">
                  {row.job_type}
                </Typography>
              </TableCell>
              <TableCell>{row.patient_reference}</TableCell>
              <TableCell>{row.client_name}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <time dateTime={row.added}>{formatDateTime(row.added)}</time>
              </TableCell>
              <TableCell>
                <RowChip row={row} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    )}
  </Paper>
);

export const CheckInDesk = ({
  onShownCollections,
}: {
  /** The collections of the rows to check in, for the page's live stream to watch. */
  onShownCollections: (uids: readonly string[]) => void;
}) => {
  const { data: me } = useMe();
  const { data: branches = [] } = useBranches();
  const [chosenBranch, chooseBranch] = useBranchInAddress();
  const { data: lists } = useCheckInLists(chosenBranch);
  const branchId = chosenBranch ?? lists?.branch.id ?? null;
  const [selected, setSelected] = useState<CheckInRow | null>(null);
  const refusal = me ? permissionRefusal(me, 'change_status') : null;
  const newOrderRefusal = me ? permissionRefusal(me, 'edit_collection_details') : null;
  const [isOrdering, setIsOrdering] = useState(false);
  const [isEditingScans, setIsEditingScans] = useState(false);
  // The case of a New Order just made: opened once the lists show it.
  const [wantedCaseUid, setWantedCaseUid] = useState<string | null>(null);
  // A scanned case key (or collection id) at the desk opens that case here, in check-in mode.
  const allRows = useMemo(
    () => (lists ? [...lists.arrived, ...lists.awaiting_check_in, ...lists.checked_in_today] : []),
    [lists],
  );
  const takeScan = useCallback(
    (code: string) => {
      const key = code.trim().toUpperCase();
      const row =
        allRows.find((r) => r.case_mkey.toUpperCase() === key) ??
        allRows.find((r) => r.case_mkey.startsWith(`${key}-`));
      if (row) setSelected(row);
      return row !== undefined;
    },
    [allRows],
  );
  useScanHandler(takeScan);
  const wantedRow = wantedCaseUid === null ? undefined : allRows.find((r) => r.case_uid === wantedCaseUid);
  if (wantedRow) {
    setWantedCaseUid(null);
    setSelected(wantedRow);
  }
  const toWatch = useMemo(() => {
    const pending = lists ? [...lists.arrived, ...lists.awaiting_check_in] : [];
    return [...new Set(pending.map((row) => row.collection_uid))].slice(0, watchedRowLimit);
  }, [lists]);
  const watchKey = toWatch.join(',');
  useEffect(() => {
    onShownCollections(watchKey === '' ? [] : watchKey.split(','));
  }, [watchKey, onShownCollections]);
  const current = selected ? (allRows.find((r) => r.case_uid === selected.case_uid) ?? selected) : null;

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          Check-in
        </Typography>
        <BranchSelect value={branchId} branches={branches} onChange={chooseBranch} />
        {me?.admin && <Button onClick={() => setIsEditingScans(true)}>Required scans</Button>}
        <Tooltip title={newOrderRefusal ?? ''}>
          <span>
            <Button
              variant="contained"
              disabled={newOrderRefusal !== null}
              onClick={() => setIsOrdering(true)}
            >
              New order
            </Button>
          </span>
        </Tooltip>
      </Stack>
      {isEditingScans && (
        <Suspense fallback={null}>
          <RequiredScansDialog onClose={() => setIsEditingScans(false)} />
        </Suspense>
      )}
      {isOrdering && (
        <Suspense fallback={null}>
          <NewOrderDialog
            branch={lists?.branch ?? null}
            onClose={() => setIsOrdering(false)}
            onCreated={(answer) => {
              setIsOrdering(false);
              setWantedCaseUid(answer.cases[0]?.case_uid ?? null);
            }}
          />
        </Suspense>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
        }}
      >
        <Stack spacing={2}>
          {(Object.keys(listTitles) as ListKey[]).map((key) => (
            <CheckInList
              key={key}
              title={listTitles[key]}
              rows={lists?.[key] ?? []}
              selected={current?.case_uid ?? null}
              onSelect={setSelected}
            />
          ))}
        </Stack>
        {/* Beside the lists as they scroll, so the report stays in view. */}
        <Box sx={{ position: { lg: 'sticky' }, top: { lg: 16 }, alignSelf: 'start' }}>
          {current ? (
            <CheckInPanel key={current.case_uid} row={current} refusal={refusal} />
          ) : (
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography color="text.secondary">Choose a case to see its pre-flight report.</Typography>
            </Paper>
          )}
        </Box>
      </Box>
    </Stack>
  );
};
