import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { customerDueAlert, formatWholeHours, scheduleStages, type Schedule } from '@lab/domain';
import { formatBusinessHours, formatScheduleTime, scheduleStageLabels } from './schedule-format';

export type SchedulePanelProps = {
  schedule: Schedule;
  /** Comparison mode: the schedule as it is now; `schedule` is then the proposed one. */
  original?: Schedule | null;
};

// Seven columns in comparison mode must fit the 800 px dialog: headers may wrap, times may not.
const stageTableSx = {
  '& th, & td': { px: 1 },
  '& thead th': { whiteSpace: 'normal', verticalAlign: 'bottom' },
  '& .schedule-time': { whiteSpace: 'nowrap' },
} as const;

const RatioBar = ({ ratio }: { ratio: number }) => {
  const percent = Math.round(ratio * 100);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 90 }}>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, percent)}
        sx={{ flexGrow: 1, height: 8, borderRadius: 4 }}
        aria-label={`Ratio ${percent}%`}
      />
      <Typography variant="body2" sx={{ minWidth: 36, textAlign: 'right' }}>
        {percent}%
      </Typography>
    </Stack>
  );
};

type SummaryRowProps = {
  label: string;
  value: string;
  originalValue?: string | undefined;
  isComparing: boolean;
};

const SummaryRow = ({ label, value, originalValue, isComparing }: SummaryRowProps) => (
  <TableRow>
    <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
      {label}
    </TableCell>
    {isComparing && <TableCell>{originalValue}</TableCell>}
    <TableCell>{value}</TableCell>
  </TableRow>
);

/**
 * A case's schedule (collection-views §2 'Case schedule panel'): one row per stage with its ratio,
 * minimum and allocated hours and due time, then the internal due, buffer and customer due. Given
 * `original`, it compares: original versus new due times and the alert whether the customer must be
 * contacted. Hours are whole hours rounded down; the buffer is in business hours.
 */
export const SchedulePanel = ({ schedule, original = null }: SchedulePanelProps) => {
  const isComparing = original !== null;
  const comparisonAlert = original ? customerDueAlert(schedule) : null;
  // Actual durations belong to the case's own schedule; a proposal has none worth showing.
  const hasActuals =
    !isComparing && scheduleStages.some((stage) => schedule.actual_durations[stage] !== null);
  const dueHeaders = isComparing ? ['Original Due Time', 'New Due Time'] : ['Due Time'];

  return (
    <Stack spacing={2}>
      <Typography variant="body2">
        <Box component="span" sx={{ fontWeight: 600 }}>
          Start Time:
        </Box>{' '}
        {original && original.start_time !== schedule.start_time
          ? `${formatScheduleTime(original.start_time)} → ${formatScheduleTime(schedule.start_time)}`
          : formatScheduleTime(schedule.start_time)}
      </Typography>

      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Stage schedule" sx={stageTableSx}>
          <TableHead>
            <TableRow>
              <TableCell>Stage</TableCell>
              <TableCell>Ratio</TableCell>
              <TableCell align="right">Minimum Hours</TableCell>
              <TableCell align="right">Allocated Hours</TableCell>
              {hasActuals && <TableCell align="right">Actual Hours</TableCell>}
              {dueHeaders.map((header) => (
                <TableCell key={header}>{header}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {scheduleStages.map((stage) => {
              const actual = schedule.actual_durations[stage];
              return (
                <TableRow key={stage}>
                  <TableCell component="th" scope="row">
                    {scheduleStageLabels[stage]}
                  </TableCell>
                  <TableCell>
                    <RatioBar ratio={schedule.ratios[stage]} />
                  </TableCell>
                  <TableCell align="right">{formatWholeHours(schedule.minimum_durations[stage])}</TableCell>
                  <TableCell align="right">{formatWholeHours(schedule.allocated_durations[stage])}</TableCell>
                  {hasActuals && (
                    <TableCell align="right">{actual === null ? '' : formatWholeHours(actual)}</TableCell>
                  )}
                  {original && (
                    <TableCell className="schedule-time">
                      {formatScheduleTime(original.due_times[stage])}
                    </TableCell>
                  )}
                  <TableCell className="schedule-time">
                    {formatScheduleTime(schedule.due_times[stage])}
                  </TableCell>
                </TableRow>
              );
            })}
            {schedule.customer_delay > 0 && (
              <TableRow>
                <TableCell component="th" scope="row">
                  Customer Delay
                </TableCell>
                <TableCell />
                <TableCell />
                <TableCell align="right">{formatWholeHours(schedule.customer_delay)}</TableCell>
                {hasActuals && <TableCell />}
                {dueHeaders.map((header) => (
                  <TableCell key={header} />
                ))}
              </TableRow>
            )}
          </TableBody>
        </Table>
      </Box>

      <Table size="small" aria-label="Due times" sx={{ maxWidth: isComparing ? undefined : 520 }}>
        {isComparing && (
          <TableHead>
            <TableRow>
              <TableCell />
              <TableCell>Original</TableCell>
              <TableCell>New</TableCell>
            </TableRow>
          </TableHead>
        )}
        <TableBody>
          <SummaryRow
            label="Internal Due Time"
            value={formatScheduleTime(schedule.internal_due_time)}
            originalValue={original ? formatScheduleTime(original.internal_due_time) : undefined}
            isComparing={isComparing}
          />
          <SummaryRow
            label="Buffer Time"
            value={formatBusinessHours(schedule.buffer_time_seconds)}
            originalValue={original ? formatBusinessHours(original.buffer_time_seconds) : undefined}
            isComparing={isComparing}
          />
          <SummaryRow
            label="Customer Due Time"
            value={formatScheduleTime(schedule.customer_due_time)}
            originalValue={original ? formatScheduleTime(original.customer_due_time) : undefined}
            isComparing={isComparing}
          />
        </TableBody>
      </Table>

      {comparisonAlert && <Alert severity={comparisonAlert.severity}>{comparisonAlert.text}</Alert>}
    </Stack>
  );
};
