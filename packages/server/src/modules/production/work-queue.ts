import { and, asc, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  toIso,
  workQueueLimit,
  type MachineProjectStatus,
  type WorkQueue,
  type WorkQueueDepartment,
  type WorkQueueQuery,
} from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import type { Db } from '../../db/client';
import {
  cases,
  clients,
  collections,
  job_types,
  machine_projects,
  statuses,
  users,
} from '../../db/schema/index';
import { userName } from '../collections/collection-queries';
import { resolveProductionBranch } from './production-branch';

// The department work queues (issue 14 §2): the active cases a bench works on at one branch, soonest due
// first. The schedule is the one the case workspace stores (domain-decisions 'Schedule'): stage dues and
// the buffer are read, never recomputed here.

/** Which cases each bench holds: by the case's department, and for the lab whether it is dispatch-ready. */
const departmentFilter: Record<WorkQueueDepartment, SQL | undefined> = {
  DESIGN: eq(cases.department, 'DESIGN'),
  PRODUCTION: eq(cases.department, 'MACHINING'),
  FINISHING: and(eq(cases.department, 'POLISHING'), sql`NOT ${statuses.dispatch_ready}`),
  WAREHOUSE: and(eq(cases.department, 'POLISHING'), sql`${statuses.dispatch_ready}`),
};

/** The bench's own stage due (the rest of the chain if none is stored), or a sooner rush deadline. */
const dueTimeOf: Record<WorkQueueDepartment, SQL<Date | null>> = {
  DESIGN: sql`least(${cases.immediacy_due}, coalesce(${cases.design_due}, ${cases.internal_due}))`,
  PRODUCTION: sql`least(${cases.immediacy_due}, coalesce(${cases.machining_due}, ${cases.internal_due}))`,
  FINISHING: sql`least(${cases.immediacy_due}, coalesce(${cases.dispatch_due}, ${cases.internal_due}))`,
  WAREHOUSE: sql`least(${cases.immediacy_due}, coalesce(${cases.dispatch_due}, ${cases.internal_due}))`,
};

const asDate = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

/** GET /api/v2/work_queue/: the queue, its filters' choices, and the time it was read at. */
export const findWorkQueue = async (
  db: Db,
  options: { query: WorkQueueQuery; actor: StaffActor; now?: Date },
): Promise<WorkQueue> => {
  const { query, actor } = options;
  const now = options.now ?? new Date();
  const branch = await resolveProductionBranch(db, { branchId: query.branch, actor });
  const queue = and(
    eq(cases.active, true),
    eq(collections.fulfillment_branch_id, branch.id),
    departmentFilter[query.department],
  );
  const filters: SQL[] = [];
  if (query.delegate === 'none') filters.push(isNull(cases.delegated_to_id));
  else if (query.delegate !== undefined) filters.push(eq(cases.delegated_to_id, query.delegate));
  if (query.status !== undefined) filters.push(eq(cases.status_id, query.status));

  const dueTime = dueTimeOf[query.department].mapWith((value: Date | string | null) => asDate(value));
  const rows = await db
    .select({
      uid: cases.uid,
      case_id: cases.case_id,
      case_mkey: cases.case_mkey,
      collection_uid: cases.collection_uid,
      collection_id: collections.collection_id,
      patient_reference: collections.patient_reference,
      client_name: clients.name,
      job_type: job_types.name,
      status_id: statuses.id,
      status_name: statuses.name,
      delegate_id: cases.delegated_to_id,
      delegate_name: userName(users),
      due_time: dueTime,
      immediacy_due: cases.immediacy_due,
      internal_due: cases.internal_due,
      customer_due: cases.customer_due,
      buffer_time_seconds: cases.buffer_time_seconds,
      redo_type: cases.redo_type,
      vip: collections.vip,
      project_id: machine_projects.id,
      project_name: machine_projects.name,
      project_status: machine_projects.status,
    })
    .from(cases)
    .innerJoin(collections, eq(collections.uid, cases.collection_uid))
    .innerJoin(statuses, eq(statuses.id, cases.status_id))
    .innerJoin(job_types, eq(job_types.id, cases.job_type_id))
    .leftJoin(clients, eq(clients.id, collections.shipping_client_id))
    .leftJoin(users, eq(users.id, cases.delegated_to_id))
    .leftJoin(machine_projects, eq(machine_projects.id, cases.machine_project_id))
    .where(and(queue, ...filters))
    .orderBy(sql`${dueTimeOf[query.department]} ASC NULLS LAST`, asc(cases.case_mkey))
    .limit(workQueueLimit + 1);

  const delegateChoices = await db
    .select({ id: users.id, name: userName(users), count: count() })
    .from(cases)
    .innerJoin(collections, eq(collections.uid, cases.collection_uid))
    .innerJoin(statuses, eq(statuses.id, cases.status_id))
    .innerJoin(users, eq(users.id, cases.delegated_to_id))
    .where(queue)
    .groupBy(users.id)
    .orderBy(asc(userName(users)));
  const [undelegated] = await db
    .select({ count: count() })
    .from(cases)
    .innerJoin(collections, eq(collections.uid, cases.collection_uid))
    .innerJoin(statuses, eq(statuses.id, cases.status_id))
    .where(and(queue, isNull(cases.delegated_to_id)));
  const statusChoices = await db
    .select({ id: statuses.id, name: statuses.name, count: count() })
    .from(cases)
    .innerJoin(collections, eq(collections.uid, cases.collection_uid))
    .innerJoin(statuses, eq(statuses.id, cases.status_id))
    .where(queue)
    .groupBy(statuses.id)
    .orderBy(asc(statuses.name));

  return {
    department: query.department,
    branch: { id: branch.id, name: branch.name },
    cases: rows.slice(0, workQueueLimit).map((row) => ({
      uid: row.uid,
      case_id: row.case_id,
      case_mkey: row.case_mkey,
      collection_uid: row.collection_uid,
      collection_id: row.collection_id,
      patient_reference: row.patient_reference,
      client_name: row.client_name,
      job_type: row.job_type,
      status: { id: row.status_id, name: row.status_name },
      delegate:
        row.delegate_id === null
          ? null
          : { id: row.delegate_id, name: row.delegate_name ?? String(row.delegate_id) },
      due_time: toIso(row.due_time),
      immediacy_due: toIso(row.immediacy_due),
      internal_due: toIso(row.internal_due),
      customer_due: toIso(row.customer_due),
      buffer_time_seconds: row.buffer_time_seconds,
      is_overdue: row.due_time !== null && row.due_time.getTime() < now.getTime(),
      is_at_risk: row.buffer_time_seconds !== null && row.buffer_time_seconds < 0,
      redo: row.redo_type !== null,
      vip: row.vip,
      machine_project:
        row.project_id === null || row.project_name === null || row.project_status === null
          ? null
          : {
              id: row.project_id,
              name: row.project_name,
              status: row.project_status as MachineProjectStatus,
            },
    })),
    truncated: rows.length > workQueueLimit,
    filters: {
      delegates: delegateChoices.map((d) => ({ ...d, count: Number(d.count) })),
      undelegated_count: Number(undelegated?.count ?? 0),
      statuses: statusChoices.map((s) => ({ ...s, count: Number(s.count) })),
    },
    now: now.toISOString(),
  };
};
