import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { lazy, Suspense, useMemo } from 'react';
import { machineProjectCalendarLabels, type Branch, type MachineCalendar } from '@lab/domain';
import type { ProjectMover } from '../hooks/use-project-mover';
import { eventsByMachine, projectStatusColours } from './calendar-events';
import { addDays, isSameWeek, mondayOf, weekTitle } from './week';

// The calendar library is a lazy chunk: nothing of it loads before the Production page draws a week.
const MachineWeekCalendar = lazy(() =>
  import('./machine-week-calendar').then((module) => ({ default: module.MachineWeekCalendar })),
);

/** The board's element id: Move and Place in the project lists bring it into view. */
export const machineCalendarId = 'machine-calendar';

type MachineCalendarBoardProps = {
  calendar: MachineCalendar | undefined;
  isLoading: boolean;
  weekStart: Date;
  branches: readonly Branch[];
  onWeekChange: (monday: Date) => void;
  onBranchChange: (branchId: number) => void;
  mover: ProjectMover;
  /** Why the employee may not program machines (the calendar is then read-only), or null. */
  moveRefusal: string | null;
};

const Legend = () => (
  <Stack direction="row" spacing={1} aria-label="Legend">
    {(['Pending', 'Ready', 'Complete'] as const).map((status) => (
      <Chip
        key={status}
        size="small"
        label={machineProjectCalendarLabels[status]}
        sx={{
          bgcolor: projectStatusColours[status].color,
          color: projectStatusColours[status].contrastColor,
        }}
      />
    ))}
  </Stack>
);

/**
 * The machine calendar (collection-views §2): previous, next and Today over one week column group per
 * machine. A movable project follows the pointer once picked up (rounded to 5 minutes) and a click
 * commits it; dragging works too.
 */
export const MachineCalendarBoard = ({
  calendar,
  isLoading,
  weekStart,
  branches,
  onWeekChange,
  onBranchChange,
  mover,
  moveRefusal,
}: MachineCalendarBoardProps) => {
  const events = useMemo(
    () => (calendar ? eventsByMachine(calendar, mover.moving) : new Map()),
    [calendar, mover.moving],
  );
  const today = new Date();
  return (
    <Paper variant="outlined" sx={{ p: 2, scrollMarginTop: 16 }} id={machineCalendarId}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' }, mb: 2 }}>
        <ButtonGroup size="small" variant="outlined" aria-label="Week">
          <Button startIcon={<ChevronLeftIcon />} onClick={() => onWeekChange(addDays(weekStart, -7))}>
            Previous
          </Button>
          <Button onClick={() => onWeekChange(mondayOf(today))} disabled={isSameWeek(weekStart, today)}>
            Today
          </Button>
          <Button endIcon={<ChevronRightIcon />} onClick={() => onWeekChange(addDays(weekStart, 7))}>
            Next
          </Button>
        </ButtonGroup>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {weekTitle(weekStart)}
        </Typography>
        <Legend />
        {moveRefusal && (
          <Typography variant="body2" color="text.secondary" aria-label="Why the calendar is read-only">
            {moveRefusal}
          </Typography>
        )}
        {calendar && branches.length > 0 && (
          <TextField
            select
            size="small"
            label="Branch"
            value={String(calendar.branch.id)}
            onChange={(event) => onBranchChange(Number(event.target.value))}
            sx={{ minWidth: 160 }}
          >
            {branches.map((branch) => (
              <MenuItem key={branch.id} value={String(branch.id)}>
                {branch.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
      {mover.moving && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={mover.cancel} disabled={mover.isSaving}>
              Cancel
            </Button>
          }
        >
          {mover.isSaving
            ? `Saving ${mover.movingName ?? 'the project'}…`
            : `Moving ${mover.movingName ?? 'the project'}: point at the machine and start time, then click to place it (Esc cancels).`}
        </Alert>
      )}
      {mover.error && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={mover.clearError}>
          {mover.error}
        </Alert>
      )}
      {isLoading && !calendar ? (
        <Skeleton variant="rounded" height={400} />
      ) : calendar && calendar.machines.length === 0 ? (
        <Typography color="text.secondary">No machines at {calendar.branch.name}.</Typography>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', xl: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {calendar?.machines.map((machine) => (
            <Box key={machine.id} component="section" aria-label={machine.name}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
                {machine.name}
                <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                  {machine.kind}
                </Typography>
              </Typography>
              <Suspense fallback={<Skeleton variant="rounded" height={400} />}>
                <MachineWeekCalendar
                  machineId={machine.id}
                  machineName={machine.name}
                  events={events.get(machine.id) ?? []}
                  weekStart={weekStart}
                  isMoveMode={mover.moving !== null}
                  mayMove={moveRefusal === null}
                  onPick={(projectId) => {
                    const project = calendar.projects.find((p) => p.id === projectId);
                    if (project) mover.pick(project);
                  }}
                  onHover={mover.hover}
                  onCommit={mover.commit}
                  onDrop={(projectId, start) => mover.drop(projectId, machine.id, start)}
                />
              </Suspense>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
};
