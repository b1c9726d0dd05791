import { eq, inArray } from 'drizzle-orm';
import {
  AppError,
  calendarSnapMinutes,
  fieldError,
  productionMessages,
  roundToCalendarSnap,
  type CalendarProject,
  type NewMachineProject,
} from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import { writeAuditEvent } from '../../audit/write-audit-event';
import { inTransaction, type Db, type Tx } from '../../db/client';
import { cases, machine_projects } from '../../db/schema/index';
import { loadActionCase, saveCaseChanges, type ActionCase } from '../cases/kernel';
import { assertMachineFree, lockMachine } from './machine-records';
import { presentProject } from './project-records';

const snapMs = calendarSnapMinutes * 60_000;

/** Cases that may go into a new project: in production, made at the machine's branch, in no open project. */
const assertProgrammable = async (
  tx: Tx,
  actionCase: ActionCase,
  branchId: number,
): Promise<string | null> => {
  const { row, status, collection } = actionCase;
  if (status.parent_name !== 'IN PRODUCTION') {
    throw new AppError('conflict', { message: productionMessages.notInProduction(row.case_mkey) });
  }
  if (collection.fulfillment_branch_id !== branchId) {
    throw new AppError('conflict', { message: productionMessages.otherBranch(row.case_mkey) });
  }
  if (row.machine_project_id === null) return null;
  const [current] = await tx
    .select({ name: machine_projects.name, status: machine_projects.status })
    .from(machine_projects)
    .where(eq(machine_projects.id, row.machine_project_id));
  // A case whose last project completed (a remake) may be programmed again.
  if (current && current.status !== 'Complete') {
    throw new AppError('conflict', {
      message: productionMessages.alreadyInProject(row.case_mkey, current.name),
    });
  }
  return current?.name ?? null;
};

/**
 * POST /api/v2/machine_projects/ (programming): a Pending project on a machine, at a start rounded to
 * 5 minutes, holding the given cases. One transaction: the machine is locked against other calendar
 * writes, each case (collection first) as a case action locks it, each case gets its case audit row
 * and its collection's open pages are told, and the project gets its audit row.
 */
export const createMachineProject = async (
  db: Db,
  options: { body: NewMachineProject; actor: StaffActor; now?: Date },
): Promise<CalendarProject> =>
  inTransaction(db, async (tx) => {
    const now = options.now ?? new Date();
    const { body, actor } = options;
    const machine = await lockMachine(tx, {
      machineId: body.machine_id,
      branchId: null,
      field: 'machine_id',
    });
    const start = roundToCalendarSnap(new Date(body.start_time));
    const length = Math.max(snapMs, Math.round((body.duration_minutes * 60_000) / snapMs) * snapMs);
    const end = new Date(start.getTime() + length);

    const caseIds = [...new Set(body.case_ids)].sort((a, b) => a - b);
    const known = await tx
      .select({ case_id: cases.case_id })
      .from(cases)
      .where(inArray(cases.case_id, caseIds));
    const knownIds = new Set(known.map((k) => k.case_id));
    const unknown = caseIds.find((id) => !knownIds.has(id));
    if (unknown !== undefined) throw fieldError('case_ids', productionMessages.unknownCase(unknown));

    // Ascending case ids: two programmers picking overlapping cases lock them in one order.
    const members: { actionCase: ActionCase; previous: string | null }[] = [];
    for (const caseId of caseIds) {
      const actionCase = await loadActionCase(tx, caseId);
      members.push({ actionCase, previous: await assertProgrammable(tx, actionCase, machine.branch_id) });
    }
    await assertMachineFree(tx, { machineId: machine.id, start, end, exceptProjectId: null });

    const [project] = await tx
      .insert(machine_projects)
      .values({
        name: body.name,
        machine_id: machine.id,
        branch_id: machine.branch_id,
        start_time: start,
        end_time: end,
        status: 'Pending',
        created_by_id: actor.id,
        created_at: now,
      })
      .returning();
    if (!project) throw new Error('the machine project was not created');
    for (const { actionCase, previous } of members) {
      await saveCaseChanges(tx, {
        actionCase,
        actor,
        set: { machine_project_id: project.id },
        changes: { machine_project: { old: previous, new: project.name } },
        now,
      });
    }
    await writeAuditEvent(tx, {
      entity: 'machine_project',
      entityId: project.id,
      action: 'created',
      collectionUid: null,
      caseUid: null,
      changes: {
        name: { old: null, new: project.name },
        machine: { old: null, new: machine.name },
        start_time: { old: null, new: start.toISOString() },
        end_time: { old: null, new: end.toISOString() },
        cases: { old: null, new: members.map((m) => m.actionCase.row.case_mkey) },
      },
      actor,
      at: now,
    });
    return presentProject(tx, project);
  });
