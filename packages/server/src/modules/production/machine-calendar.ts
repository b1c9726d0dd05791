import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { toIso, type MachineCalendar, type MachineCalendarQuery } from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { machine_plans, machine_projects, machines, scan_gauge_batches, users } from '../../db/schema/index';
import { userName } from '../collections/collection-queries';
import { resolveProductionBranch } from './production-branch';
import { presentProjects } from './project-records';

/**
 * GET /api/v2/machines/calendar/: the branch's active machines and what occupies them in [start, end) —
 * projects, plans and scan-gauge batches that meet the range — plus the branch's open projects that have
 * no slot yet, so the calendar can place them.
 */
export const findMachineCalendar = async (
  db: Db,
  options: { query: MachineCalendarQuery; actor: StaffActor },
): Promise<MachineCalendar> => {
  const { query, actor } = options;
  const branch = await resolveProductionBranch(db, { branchId: query.branch, actor });
  const start = new Date(query.start);
  const end = new Date(query.end);

  const machineRows = await db
    .select({ id: machines.id, name: machines.name, kind: machines.kind })
    .from(machines)
    .where(and(eq(machines.branch_id, branch.id), eq(machines.is_active, true)))
    .orderBy(asc(machines.id));
  const machineIds = machineRows.map((m) => m.id);

  const projectRows = await db
    .select()
    .from(machine_projects)
    .where(
      and(
        eq(machine_projects.branch_id, branch.id),
        isNotNull(machine_projects.machine_id),
        lt(machine_projects.start_time, end),
        gt(machine_projects.end_time, start),
      ),
    )
    .orderBy(asc(machine_projects.start_time), asc(machine_projects.id));
  const unscheduledRows = await db
    .select()
    .from(machine_projects)
    .where(
      and(
        eq(machine_projects.branch_id, branch.id),
        ne(machine_projects.status, 'Complete'),
        or(isNull(machine_projects.start_time), isNull(machine_projects.machine_id)),
      ),
    )
    .orderBy(asc(machine_projects.id));

  const planRows =
    machineIds.length === 0
      ? []
      : await db
          .select()
          .from(machine_plans)
          .where(
            and(
              inArray(machine_plans.machine_id, machineIds),
              lt(machine_plans.start_time, end),
              gt(machine_plans.end_time, start),
            ),
          )
          .orderBy(asc(machine_plans.start_time), asc(machine_plans.id));
  const batchRows =
    machineIds.length === 0
      ? []
      : await db
          .select({
            batch_key: scan_gauge_batches.batch_key,
            created_by: userName(users),
            started_at: scan_gauge_batches.started_at,
            duration: scan_gauge_batches.duration_hours,
            machine: machines.name,
            machine_id: scan_gauge_batches.machine_id,
            implant_reference_code: scan_gauge_batches.implant_reference_code,
            implant_name: scan_gauge_batches.implant_name,
          })
          .from(scan_gauge_batches)
          .innerJoin(machines, eq(machines.id, scan_gauge_batches.machine_id))
          .leftJoin(users, eq(users.id, scan_gauge_batches.created_by_id))
          .where(
            and(
              inArray(scan_gauge_batches.machine_id, machineIds),
              lt(scan_gauge_batches.started_at, end),
              sql`${scan_gauge_batches.started_at} + ${scan_gauge_batches.duration_hours} * interval '1 hour' > ${start}`,
            ),
          )
          .orderBy(asc(scan_gauge_batches.started_at));

  const presented = await presentProjects(db, [...projectRows, ...unscheduledRows]);
  return {
    branch,
    start: start.toISOString(),
    end: end.toISOString(),
    machines: machineRows,
    projects: presented.slice(0, projectRows.length),
    unscheduled_projects: presented.slice(projectRows.length),
    plans: planRows.map((p) => ({
      id: p.id,
      name: p.name,
      machine_id: p.machine_id,
      start_time: toIso(p.start_time),
      end_time: toIso(p.end_time),
      color: p.color,
    })),
    scan_gauge_batches: batchRows.map((b) => ({
      ...b,
      created_by: b.created_by ?? null,
      started_at: toIso(b.started_at),
      duration: Number(b.duration),
    })),
  };
};
