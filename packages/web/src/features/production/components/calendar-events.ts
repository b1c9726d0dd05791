import {
  isMachineProjectMovable,
  machineProjectCalendarLabels,
  type CalendarProject,
  type MachineCalendar,
  type MachineProjectStatus,
} from '@lab/domain';

// What the machine calendar draws, as plain data (FullCalendar event inputs without the library, so the
// mapping is tested alone): one list of events per machine, coloured by the project status (§4 'Project
// status on calendar'), cases marked with the case colour palette (§9: 5 entries, repeating).

/** Programming = warning, Make Ready = success, Complete = grey (the MUI palette's colours). */
export const projectStatusColours: Record<MachineProjectStatus, { color: string; contrastColor: string }> = {
  Pending: { color: '#ed6c02', contrastColor: '#ffffff' },
  Ready: { color: '#2e7d32', contrastColor: '#ffffff' },
  Complete: { color: '#9e9e9e', contrastColor: '#212121' },
};

/** §9 'Case colour palette has 5 entries and repeats'. */
export const caseColourPalette = ['#1565c0', '#6a1b9a', '#00838f', '#c2185b', '#5d4037'] as const;

export const caseColour = (index: number): string =>
  caseColourPalette[
    ((index % caseColourPalette.length) + caseColourPalette.length) % caseColourPalette.length
  ] ?? caseColourPalette[0];

const planColour = '#78909c';
const scanGaugeColour = '#0277bd';

export type CalendarEventKind = 'project' | 'plan' | 'scan_gauge';

export type MachineEvent = {
  id: string;
  title: string;
  start: string;
  end: string;
  color: string;
  contrastColor: string;
  /** Only Programming and Make Ready projects; and none while one is being moved. */
  editable: boolean;
  className: string;
  extendedProps: {
    kind: CalendarEventKind;
    projectId: number | null;
    status: MachineProjectStatus | null;
    /** Programming / Make Ready / Complete, or Plan / Scan gauges. */
    label: string;
    cases: { case_mkey: string; colour: string }[];
    isMovable: boolean;
  };
};

/**
 * A project held by the pointer: drawn at its preview start on the hovered machine (nowhere until the
 * pointer is over a day, for a project that had no slot).
 */
export type MovingProject = { projectId: number; machineId: number | null; start: Date | null } | null;

const projectLengthMs = (project: CalendarProject): number =>
  project.start_time && project.end_time
    ? Date.parse(project.end_time) - Date.parse(project.start_time)
    : 60 * 60_000;

export const projectEvent = (project: CalendarProject, options: { isMoveMode: boolean }): MachineEvent => {
  const isMovable = isMachineProjectMovable(project.status);
  const statusColour = projectStatusColours[project.status];
  return {
    id: `project-${project.id}`,
    title: project.name,
    start: project.start_time ?? '',
    end: project.end_time ?? '',
    ...statusColour,
    editable: isMovable && !options.isMoveMode,
    className: `machine-event machine-event--project${isMovable ? ' machine-event--movable' : ''}`,
    extendedProps: {
      kind: 'project',
      projectId: project.id,
      status: project.status,
      label: machineProjectCalendarLabels[project.status],
      cases: project.cases.map((item, index) => ({ case_mkey: item.case_mkey, colour: caseColour(index) })),
      isMovable,
    },
  };
};

/**
 * Every machine's events. While a project is moved, it leaves its own column and shows on the hovered
 * machine at the preview start, keeping its length.
 */
export const eventsByMachine = (
  calendar: MachineCalendar,
  moving: MovingProject = null,
): Map<number, MachineEvent[]> => {
  const byMachine = new Map<number, MachineEvent[]>(calendar.machines.map((m) => [m.id, []]));
  const add = (machineId: number | null, event: MachineEvent) => {
    if (machineId === null) return;
    byMachine.get(machineId)?.push(event);
  };
  const isMoveMode = moving !== null;
  for (const project of calendar.projects) {
    if (moving?.projectId === project.id) continue;
    add(project.machine_id, projectEvent(project, { isMoveMode }));
  }
  for (const plan of calendar.plans) {
    add(plan.machine_id, {
      id: `plan-${plan.id}`,
      title: plan.name,
      start: plan.start_time,
      end: plan.end_time,
      color: plan.color ?? planColour,
      contrastColor: '#ffffff',
      editable: false,
      className: 'machine-event machine-event--plan',
      extendedProps: {
        kind: 'plan',
        projectId: null,
        status: null,
        label: 'Plan',
        cases: [],
        isMovable: false,
      },
    });
  }
  for (const batch of calendar.scan_gauge_batches) {
    const start = Date.parse(batch.started_at);
    add(batch.machine_id, {
      id: `batch-${batch.batch_key}`,
      title: `${batch.implant_name} (${batch.implant_reference_code})`,
      start: batch.started_at,
      end: new Date(start + batch.duration * 3_600_000).toISOString(),
      color: scanGaugeColour,
      contrastColor: '#ffffff',
      editable: false,
      className: 'machine-event machine-event--scan-gauge',
      extendedProps: {
        kind: 'scan_gauge',
        projectId: null,
        status: null,
        label: 'Scan gauges',
        cases: [],
        isMovable: false,
      },
    });
  }
  if (moving && moving.machineId !== null && moving.start !== null) {
    const { projectId, machineId } = moving;
    const project = [...calendar.projects, ...calendar.unscheduled_projects].find((p) => p.id === projectId);
    if (project) {
      const start = moving.start.getTime();
      add(machineId, {
        ...projectEvent(project, { isMoveMode }),
        start: new Date(start).toISOString(),
        end: new Date(start + projectLengthMs(project)).toISOString(),
        className: 'machine-event machine-event--project machine-event--moving',
      });
    }
  }
  return byMachine;
};
