import { z } from 'zod';
import { machineProjectStatuses } from '../enums';
import { isStorableText, isoDateTime, maxDatabaseInteger, nullableIsoDateTime } from './common';

// The Production system (issue 14 §2; collection-views §2 'machine calendar', §3 'Project on machine
// calendar', 'Plan', 'Scan-gauge batch', §4 'Project status on calendar', §9 'Calendar …') and the
// department work queues the systems menu's Design, Finishing and Warehouse entries open.

export type MachineProjectStatus = (typeof machineProjectStatuses)[number];

/** §4 'Project status on calendar' (the case drawer words Ready differently: 'Ready for Machining'). */
export const machineProjectCalendarLabels: Record<MachineProjectStatus, string> = {
  Pending: 'Programming',
  Ready: 'Make Ready',
  Complete: 'Complete',
};

/** Only Programming and Make Ready projects move on the calendar (issue 14 §2). */
export const isMachineProjectMovable = (status: MachineProjectStatus): boolean => status !== 'Complete';

/** The status steps a project may take: forward one step, or back from Make Ready to Programming. */
export const machineProjectStatusSteps: Record<MachineProjectStatus, readonly MachineProjectStatus[]> = {
  Pending: ['Ready'],
  Ready: ['Complete', 'Pending'],
  Complete: [],
};

/** §5/§9 'Calendar times round to 5 minutes'. */
export const calendarSnapMinutes = 5;
const snapMs = calendarSnapMinutes * 60_000;

/** The instant rounded to the nearest 5 minutes (half way rounds up). Zone-free: every zone's offset is a multiple of 5 minutes. */
export const roundToCalendarSnap = (instant: Date): Date =>
  new Date(Math.round(instant.getTime() / snapMs) * snapMs);

/** A project created without a length runs an hour; one placed from no slot keeps its length or this. */
export const defaultProjectMinutes = 60;
/** The longest calendar range one GET answers (a week view asks for 7 days). */
export const maxCalendarRangeDays = 42;

export const productionMessages = {
  projectNotFound: 'Machine project not found',
  branchNotFound: 'Branch not found',
  unknownMachine: 'Unknown machine',
  invalidTime: 'Must be a date and time',
  endBeforeStart: 'Must be after the start',
  rangeTooLong: `Must be at most ${maxCalendarRangeDays} days after the start`,
  invalidBranch: 'Invalid branch',
  nothingToChange: 'Send a start time or a machine',
  notMovable: 'Only Programming or Make Ready projects can be moved',
  overlap: (name: string) => `The machine is busy with project ${name} at that time`,
  blank: 'Cannot be blank',
  tooLong: 'Must be at most 80 characters',
  mustBeSelected: 'Must be selected',
  invalidDuration: 'Must be between 5 minutes and 24 hours',
  unknownCase: (caseId: number) => `Unknown case ${caseId}`,
  notInProduction: (caseKey: string) => `Case ${caseKey} is not in production`,
  otherBranch: (caseKey: string) => `Case ${caseKey} is not made at this machine's branch`,
  alreadyInProject: (caseKey: string, project: string) => `Case ${caseKey} is already in project ${project}`,
  invalidStatus: 'Must be Pending, Ready or Complete',
  statusStep: (from: MachineProjectStatus, to: MachineProjectStatus) =>
    `A ${machineProjectCalendarLabels[from]} project cannot become ${machineProjectCalendarLabels[to]}`,
  invalidDepartment: 'Must be DESIGN, PRODUCTION, FINISHING or WAREHOUSE',
  invalidDelegate: 'Must be an employee id or none',
  invalidStatusFilter: 'Must be a status id',
  // Load failures the pages show (the spec words none for these screens).
  calendarLoadFailed: 'The machine calendar could not be loaded',
  moveFailed: 'The project could not be moved',
  queueLoadFailed: 'The work queue could not be loaded',
  emptyQueue: 'No cases in this queue',
} as const;

/** An id in a query: its digits. */
const positiveId = (message: string) =>
  z.coerce.number({ message }).int({ message }).positive({ message }).max(maxDatabaseInteger, { message });

/** An id in a JSON body: a number, never a boolean or a string coerced into one. */
const bodyId = (message: string) =>
  z.number({ message }).int({ message }).positive({ message }).max(maxDatabaseInteger, { message });

const instant = z.iso.datetime({ offset: true, message: productionMessages.invalidTime });

// ---------------------------------------------------------------------------------------------------
// GET /api/v2/machines/calendar/?branch=&start=&end=

/** `branch` is a branch id (default: the user's branch); start and end are ISO instants, end after start. */
export const machineCalendarQuerySchema = z
  .object({
    branch: positiveId(productionMessages.invalidBranch).optional(),
    start: instant,
    end: instant,
  })
  .superRefine((query, ctx) => {
    const span = Date.parse(query.end) - Date.parse(query.start);
    if (span <= 0)
      ctx.addIssue({ code: 'custom', path: ['end'], message: productionMessages.endBeforeStart });
    else if (span > maxCalendarRangeDays * 86_400_000)
      ctx.addIssue({ code: 'custom', path: ['end'], message: productionMessages.rangeTooLong });
  });
export type MachineCalendarQuery = z.infer<typeof machineCalendarQuerySchema>;

export const calendarMachineSchema = z.object({ id: z.number().int(), name: z.string(), kind: z.string() });
export type CalendarMachine = z.infer<typeof calendarMachineSchema>;

/** A case of a project, as its event and the project list show it. */
export const projectCaseSchema = z.object({
  uid: z.uuid(),
  case_id: z.number().int(),
  case_mkey: z.string(),
  collection_uid: z.uuid(),
  job_type: z.string(),
});
export type ProjectCase = z.infer<typeof projectCaseSchema>;

/** §3 'Project on machine calendar' (+ colour and branch). No slot yet: start and end are null. */
export const calendarProjectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  machine_id: z.number().int().nullable(),
  branch_id: z.number().int(),
  start_time: nullableIsoDateTime,
  end_time: nullableIsoDateTime,
  status: z.enum(machineProjectStatuses),
  color: z.string().nullable(),
  cases: z.array(projectCaseSchema),
  created_by: z.string().nullable(),
});
export type CalendarProject = z.infer<typeof calendarProjectSchema>;

/** §3 'Plan': a reserved block on a machine (service, calibration). */
export const calendarPlanSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  machine_id: z.number().int(),
  start_time: isoDateTime,
  end_time: isoDateTime,
  color: z.string().nullable(),
});
export type CalendarPlan = z.infer<typeof calendarPlanSchema>;

/** §3 'Scan-gauge batch' (+ machine_id, so the calendar can place it). duration is in hours. */
export const scanGaugeBatchSchema = z.object({
  batch_key: z.string(),
  created_by: z.string().nullable(),
  started_at: isoDateTime,
  duration: z.number(),
  machine: z.string().nullable(),
  machine_id: z.number().int().nullable(),
  implant_reference_code: z.string(),
  implant_name: z.string(),
});
export type ScanGaugeBatch = z.infer<typeof scanGaugeBatchSchema>;

export const machineCalendarSchema = z.object({
  branch: z.object({ id: z.number().int(), name: z.string(), time_zone: z.string() }),
  start: isoDateTime,
  end: isoDateTime,
  machines: z.array(calendarMachineSchema),
  /** Projects with a slot that meets the range. */
  projects: z.array(calendarProjectSchema),
  /** Programming or Make Ready projects of the branch still without a slot or a machine. */
  unscheduled_projects: z.array(calendarProjectSchema),
  plans: z.array(calendarPlanSchema),
  scan_gauge_batches: z.array(scanGaugeBatchSchema),
});
export type MachineCalendar = z.infer<typeof machineCalendarSchema>;

// ---------------------------------------------------------------------------------------------------
// Project writes

export const machineProjectParams = z.object({ id: z.string().max(20) });

/** PATCH /api/v2/machine_project/{id}/: a new start (rounded to 5 minutes by the server), machine, or both. */
export const moveMachineProjectSchema = z
  .object({
    start_time: instant.optional(),
    machine_id: bodyId(productionMessages.unknownMachine).optional(),
  })
  .refine((body) => body.start_time !== undefined || body.machine_id !== undefined, {
    message: productionMessages.nothingToChange,
    path: ['start_time'],
  });
export type MoveMachineProject = z.infer<typeof moveMachineProjectSchema>;

const projectName = z
  .string({ message: productionMessages.blank })
  .trim()
  .min(1, { message: productionMessages.blank })
  .max(80, { message: productionMessages.tooLong })
  .refine(isStorableText, { message: productionMessages.blank });

/** POST /api/v2/machine_projects/: programming a project from cases in production at the machine's branch. */
export const newMachineProjectSchema = z.object({
  name: projectName,
  machine_id: bodyId(productionMessages.mustBeSelected),
  start_time: instant,
  duration_minutes: z
    .number({ message: productionMessages.invalidDuration })
    .int({ message: productionMessages.invalidDuration })
    .min(calendarSnapMinutes, { message: productionMessages.invalidDuration })
    .max(24 * 60, { message: productionMessages.invalidDuration })
    .default(defaultProjectMinutes),
  // Legacy case ids (/api/v2/case/{case_id}/), as the work queue lists them.
  case_ids: z
    .array(bodyId(productionMessages.mustBeSelected), { message: productionMessages.mustBeSelected })
    .min(1, { message: productionMessages.mustBeSelected })
    .max(200, { message: productionMessages.mustBeSelected }),
});
export type NewMachineProject = z.infer<typeof newMachineProjectSchema>;

/** POST /api/v2/machine_project/{id}/status/: Pending → Ready → Complete (and Ready back to Pending). */
export const machineProjectStatusSchema = z.object({
  status: z.enum(machineProjectStatuses, { message: productionMessages.invalidStatus }),
});
export type MachineProjectStatusChange = z.infer<typeof machineProjectStatusSchema>;

// ---------------------------------------------------------------------------------------------------
// GET /api/v2/work_queue/?department=&delegate=&status=&branch=

/**
 * The benches of the systems menu: DESIGN (in design), PRODUCTION (in production), FINISHING (in lab,
 * not yet dispatch-ready) and WAREHOUSE (dispatch-ready, waiting to be picked and sent).
 */
export const workQueueDepartments = ['DESIGN', 'PRODUCTION', 'FINISHING', 'WAREHOUSE'] as const;
export type WorkQueueDepartment = (typeof workQueueDepartments)[number];

export const workQueueDepartmentLabels: Record<WorkQueueDepartment, string> = {
  DESIGN: 'Design',
  PRODUCTION: 'Production',
  FINISHING: 'Finishing',
  WAREHOUSE: 'Warehouse',
};

/** The most rows one queue answers; `truncated` says when there were more. */
export const workQueueLimit = 500;

export const workQueueQuerySchema = z.object({
  department: z.enum(workQueueDepartments, { message: productionMessages.invalidDepartment }),
  branch: positiveId(productionMessages.invalidBranch).optional(),
  // An employee id, or 'none' for the cases Awaiting Delegation.
  delegate: z
    .union([z.literal('none'), positiveId(productionMessages.invalidDelegate)], {
      message: productionMessages.invalidDelegate,
    })
    .optional(),
  status: positiveId(productionMessages.invalidStatusFilter).optional(),
});
export type WorkQueueQuery = z.infer<typeof workQueueQuerySchema>;

export const workQueueCaseSchema = z.object({
  uid: z.uuid(),
  case_id: z.number().int(),
  case_mkey: z.string(),
  collection_uid: z.uuid(),
  collection_id: z.number().int(),
  patient_reference: z.string(),
  client_name: z.string().nullable(),
  job_type: z.string(),
  status: z.object({ id: z.number().int(), name: z.string() }),
  delegate: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The department's stage due (design, machining, dispatch), or the rush deadline when sooner. */
  due_time: nullableIsoDateTime,
  immediacy_due: nullableIsoDateTime,
  internal_due: nullableIsoDateTime,
  customer_due: nullableIsoDateTime,
  buffer_time_seconds: z.number().int().nullable(),
  is_overdue: z.boolean(),
  /** The stored schedule's buffer is below zero: the customer's due time will be missed. */
  is_at_risk: z.boolean(),
  redo: z.boolean(),
  vip: z.boolean(),
  machine_project: z
    .object({ id: z.number().int(), name: z.string(), status: z.enum(machineProjectStatuses) })
    .nullable(),
});
export type WorkQueueCase = z.infer<typeof workQueueCaseSchema>;

const filterChoice = z.object({ id: z.number().int(), name: z.string(), count: z.number().int() });

export const workQueueSchema = z.object({
  department: z.enum(workQueueDepartments),
  branch: z.object({ id: z.number().int(), name: z.string() }),
  /** Sorted by due time (none last), then case key. */
  cases: z.array(workQueueCaseSchema),
  truncated: z.boolean(),
  /** The filters' choices over the whole queue (before the delegate and status filters). */
  filters: z.object({
    delegates: z.array(filterChoice),
    undelegated_count: z.number().int(),
    statuses: z.array(filterChoice),
  }),
  now: isoDateTime,
});
export type WorkQueue = z.infer<typeof workQueueSchema>;
