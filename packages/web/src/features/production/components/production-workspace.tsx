import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useCallback, useMemo, useState } from 'react';
import type { CalendarProject, MachineProjectStatus, WorkQueueCase } from '@lab/domain';
import { lazyDialog } from '../../../components/lazy-part';
import { isApiError } from '../../../lib/api-client';
import { usePauseAutoRefresh } from '../../../lib/auto-refresh';
import { openInNewTab } from '../../../lib/navigation';
import { patchSearchParams, useLocationSearch, writeSearchParams } from '../../../lib/url-state';
import { useBranches } from '../../reference/api/get-branches';
import { useChangeProjectStatus } from '../api/change-project-status';
import { useMachineCalendar } from '../api/get-machine-calendar';
import { useProjectMover } from '../hooks/use-project-mover';
import { usePermissionRefusal } from '../../me/hooks/use-permission';
import { MachineCalendarBoard, machineCalendarId } from './machine-calendar-board';
import { ProjectList } from './project-list';
import { queueParamsPatch, readQueueParams } from './queue-params';
import { addDays, localDateText, readWeek } from './week';
import { caseUrl, WorkQueueView } from './work-queue-view';

const NewProjectDialog = lazyDialog(
  () => import('./new-project-dialog').then((module) => module.NewProjectDialog),
  (props) => props.isOpen,
);

const navigate = (patch: Record<string, string | null>) =>
  writeSearchParams(patchSearchParams(new URLSearchParams(window.location.search), patch));

/**
 * /static/v2/production.html: the machine calendar of a branch's week, its projects (status steps, move,
 * place), and the production queue from which cases are programmed into a new project.
 */
export const ProductionWorkspace = () => {
  const search = useLocationSearch();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const weekStart = useMemo(() => readWeek(params.get('week')), [params]);
  const queueParams = useMemo(() => readQueueParams(params), [params]);
  const range = useMemo(
    () => ({
      branch: queueParams.branch,
      start: weekStart.toISOString(),
      end: addDays(weekStart, 7).toISOString(),
    }),
    [queueParams.branch, weekStart],
  );
  const { data: calendar, isPending } = useMachineCalendar(range);
  const { data: branches = [] } = useBranches();
  const mover = useProjectMover();
  // Machining programs the machines (domain permission table); others see the calendar read-only.
  const moveRefusal = usePermissionRefusal('program_machines');
  const statusChange = useChangeProjectStatus();
  const [selected, setSelected] = useState<Map<number, WorkQueueCase>>(() => new Map());
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  usePauseAutoRefresh(mover.moving !== null || isDialogOpen);

  const handleToggle = useCallback((row: WorkQueueCase) => {
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(row.case_id)) next.delete(row.case_id);
      else next.set(row.case_id, row);
      return next;
    });
  }, []);
  const selectedIds = useMemo(() => new Set(selected.keys()), [selected]);
  const handleStatus = (project: CalendarProject, status: MachineProjectStatus) =>
    statusChange.mutate({ id: project.id, status });
  const handleMove = (project: CalendarProject) => {
    mover.pick(project);
    document.getElementById(machineCalendarId)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <Stack spacing={2}>
      <MachineCalendarBoard
        calendar={calendar}
        isLoading={isPending}
        weekStart={weekStart}
        branches={branches}
        onWeekChange={(monday) => navigate({ week: localDateText(monday) })}
        onBranchChange={(branchId) => navigate(queueParamsPatch({ branch: branchId }))}
        mover={mover}
        moveRefusal={moveRefusal}
      />
      {statusChange.error && (
        <Alert severity="error" onClose={() => statusChange.reset()}>
          {isApiError(statusChange.error)
            ? statusChange.error.message
            : 'The project status could not be changed'}
        </Alert>
      )}
      {calendar && (
        <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2}>
          <ProjectList
            title="Projects this week"
            flex={2}
            projects={calendar.projects}
            machines={calendar.machines}
            emptyText="No projects this week"
            isBusy={statusChange.isPending || mover.isSaving}
            onMove={handleMove}
            onStatus={handleStatus}
            moveRefusal={moveRefusal}
          />
          <ProjectList
            title="Without a slot"
            flex={1}
            projects={calendar.unscheduled_projects}
            machines={calendar.machines}
            emptyText="Every open project has a slot"
            isBusy={statusChange.isPending || mover.isSaving}
            onMove={handleMove}
            onStatus={handleStatus}
            moveRefusal={moveRefusal}
          />
        </Stack>
      )}
      <WorkQueueView
        department="PRODUCTION"
        branch={queueParams.branch}
        delegate={queueParams.delegate}
        status={queueParams.status}
        onFilterChange={(patch) => navigate(queueParamsPatch(patch))}
        onOpenCase={(row) => openInNewTab(caseUrl(row))}
        selection={{ selectedIds, onToggle: handleToggle }}
        actions={
          <Button
            variant="contained"
            disabled={selected.size === 0 || moveRefusal !== null}
            title={moveRefusal ?? undefined}
            onClick={() => setIsDialogOpen(true)}
          >
            New Project{selected.size > 0 ? ` (${selected.size})` : ''}
          </Button>
        }
      />
      {isDialogOpen && (
        <NewProjectDialog
          isOpen
          machines={calendar?.machines ?? []}
          cases={[...selected.values()]}
          onClose={() => setIsDialogOpen(false)}
          onCreated={() => {
            setIsDialogOpen(false);
            setSelected(new Map());
          }}
        />
      )}
    </Stack>
  );
};
