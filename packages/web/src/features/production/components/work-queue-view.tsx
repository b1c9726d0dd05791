import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { KeyboardEvent, ReactNode } from 'react';
import {
  machineProjectCalendarLabels,
  productionMessages,
  workQueueDepartmentLabels,
  type WorkQueueCase,
  type WorkQueueDepartment,
} from '@lab/domain';
import { formatDateTime } from '../../../components/date-time-format';
import { collectionPageUrl } from '../../../lib/navigation';
import { useNow } from '../../../lib/use-now';
import { useBranches } from '../../reference/api/get-branches';
import { useWorkQueue } from '../api/get-work-queue';
import { relativeDue } from './due-text';
import { WorkQueueFilters, type QueueFilterPatch } from './work-queue-filters';

export type WorkQueueSelection = {
  selectedIds: ReadonlySet<number>;
  onToggle: (row: WorkQueueCase) => void;
};

type WorkQueueViewProps = {
  department: WorkQueueDepartment;
  branch: number | null;
  delegate: number | 'none' | null;
  status: number | null;
  onFilterChange: (patch: QueueFilterPatch) => void;
  onOpenCase: (row: WorkQueueCase) => void;
  /** Production picks cases for a new project; the other benches only open them. */
  selection?: WorkQueueSelection;
  /** Shown beside the title (New Project). */
  actions?: ReactNode;
};

export const caseUrl = (row: Pick<WorkQueueCase, 'collection_uid' | 'uid'>): string =>
  collectionPageUrl({ uid: row.collection_uid, cuid: row.uid });

const DueCell = ({ row, now }: { row: WorkQueueCase; now: number }) => (
  <Box sx={{ whiteSpace: 'nowrap' }}>
    {row.due_time ? (
      <>
        <time dateTime={row.due_time}>{formatDateTime(row.due_time)}</time>
        <Typography
          variant="caption"
          component="div"
          color={row.is_overdue ? 'error' : 'text.secondary'}
          sx={{ fontWeight: row.is_overdue ? 600 : 400 }}
        >
          {relativeDue(row.due_time, now)}
        </Typography>
      </>
    ) : (
      <Typography variant="body2" color="text.secondary">
        Not scheduled
      </Typography>
    )}
  </Box>
);

const Flags = ({ row }: { row: WorkQueueCase }) => (
  <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
    {row.is_overdue && <Chip size="small" color="error" label="Overdue" />}
    {row.is_at_risk && <Chip size="small" color="warning" label="At risk" />}
    {row.immediacy_due && <Chip size="small" color="warning" variant="outlined" label="Rush" />}
    {row.redo && <Chip size="small" variant="outlined" color="error" label="Redo" />}
    {row.vip && <Chip size="small" variant="outlined" color="primary" label="VIP" />}
  </Stack>
);

/**
 * A department's work queue (issue 14 §2): the bench's cases at one branch, soonest due first, overdue
 * and at-risk ones flagged, filtered by delegate and status; a row opens the case (in a new window, as
 * every case link of the spec does).
 */
export const WorkQueueView = ({
  department,
  branch,
  delegate,
  status,
  onFilterChange,
  onOpenCase,
  selection,
  actions,
}: WorkQueueViewProps) => {
  const { data: queue, isPending } = useWorkQueue({ department, branch, delegate, status });
  const { data: branches = [] } = useBranches();
  const now = useNow(60_000);
  const isProduction = department === 'PRODUCTION';
  const title = `${workQueueDepartmentLabels[department]} work queue`;

  const handleKeyDown = (event: KeyboardEvent, row: WorkQueueCase) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onOpenCase(row);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {title}
          {queue && (
            <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
              · {queue.branch.name} · {queue.cases.length}
              {queue.truncated ? '+' : ''} {queue.cases.length === 1 ? 'case' : 'cases'}
            </Typography>
          )}
        </Typography>
        {actions}
      </Stack>
      <WorkQueueFilters
        filters={queue?.filters}
        branches={branches}
        branchId={branch ?? queue?.branch.id ?? null}
        delegate={delegate}
        status={status}
        onChange={onFilterChange}
      />
      {isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress size={28} aria-label="Loading the work queue" />
        </Box>
      ) : queue && queue.cases.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {productionMessages.emptyQueue}
        </Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                {selection && <TableCell padding="checkbox" />}
                <TableCell>Due</TableCell>
                <TableCell>Case</TableCell>
                <TableCell>Patient</TableCell>
                <TableCell>Client</TableCell>
                <TableCell>Job Type</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Delegate</TableCell>
                {isProduction && <TableCell>Project</TableCell>}
                <TableCell>Flags</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {queue?.cases.map((row) => (
                <TableRow
                  key={row.uid}
                  hover
                  tabIndex={0}
                  data-case={row.case_mkey}
                  onClick={() => onOpenCase(row)}
                  onKeyDown={(event) => handleKeyDown(event, row)}
                  sx={{
                    cursor: 'pointer',
                    boxShadow: (theme) =>
                      row.is_overdue
                        ? `inset 4px 0 ${theme.palette.error.main}`
                        : row.is_at_risk
                          ? `inset 4px 0 ${theme.palette.warning.main}`
                          : undefined,
                    '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
                  }}
                >
                  {selection && (
                    <TableCell padding="checkbox" onClick={(event) => event.stopPropagation()}>
                      <Checkbox
                        size="small"
                        checked={selection.selectedIds.has(row.case_id)}
                        onChange={() => selection.onToggle(row)}
                        slotProps={{ input: { 'aria-label': `Select ${row.case_mkey}` } }}
                      />
                    </TableCell>
                  )}
                  <TableCell>
                    <DueCell row={row} now={now} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap', fontWeight: 500 }}>
                    <Link
                      href={caseUrl(row)}
                      underline="hover"
                      onClick={(event) => {
                        event.preventDefault();
                        event.stopPropagation();
                        onOpenCase(row);
                      }}
                    >
                      {row.case_mkey}
                    </Link>
                  </TableCell>
                  <TableCell>{row.patient_reference}</TableCell>
                  <TableCell>{row.client_name}</TableCell>
                  <TableCell>{row.job_type}</TableCell>
                  <TableCell>{row.status.name}</TableCell>
                  <TableCell>
                    {row.delegate ? (
                      row.delegate.name
                    ) : (
                      <Typography variant="body2" color="text.secondary">
                        Awaiting Delegation
                      </Typography>
                    )}
                  </TableCell>
                  {isProduction && (
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {row.machine_project
                        ? `${row.machine_project.name} · ${machineProjectCalendarLabels[row.machine_project.status]}`
                        : '—'}
                    </TableCell>
                  )}
                  <TableCell>
                    <Flags row={row} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
};
