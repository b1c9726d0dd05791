import { eq } from 'drizzle-orm';
import {
  AppError,
  defaultProjectMinutes,
  fieldError,
  isMachineProjectMovable,
  productionMessages,
  roundToCalendarSnap,
  type CalendarProject,
  type MachineProjectStatus,
  type MoveMachineProject,
} from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import { writeAuditEvent } from '../../audit/write-audit-event';
import { inTransaction, type Db } from '../../db/client';
import { machine_projects, machines } from '../../db/schema/index';
import { publishCollectionChanged } from '../../realtime/events';
import { assertMachineFree, lockMachine } from './machine-records';
import { findProjectCollections, loadProjectForUpdate, presentProject } from './project-records';

/**
 * PATCH /api/v2/machine_project/{id}/: a Programming or Make Ready project moves to a new start (rounded
 * to 5 minutes) and/or another machine of its branch; its end moves by the same amount, so it keeps its
 * length (an unplaced project gets the default hour). Refused with 409 when another project holds the
 * machine then. One transaction with the audit row.
 */
export const moveMachineProject = async (
  db: Db,
  options: { rawId: string; body: MoveMachineProject; actor: StaffActor; now?: Date },
): Promise<CalendarProject> =>
  inTransaction(db, async (tx) => {
    const now = options.now ?? new Date();
    const { body, actor } = options;
    const project = await loadProjectForUpdate(tx, options.rawId);
    if (!isMachineProjectMovable(project.status as MachineProjectStatus)) {
      throw new AppError('conflict', { message: productionMessages.notMovable });
    }
    const machineId = body.machine_id ?? project.machine_id;
    if (machineId === null) throw fieldError('machine_id', productionMessages.mustBeSelected);
    const machine = await lockMachine(tx, { machineId, branchId: project.branch_id, field: 'machine_id' });

    const requested = body.start_time === undefined ? project.start_time : new Date(body.start_time);
    if (requested === null) throw fieldError('start_time', productionMessages.invalidTime);
    const start = roundToCalendarSnap(requested);
    const length =
      project.start_time && project.end_time
        ? project.end_time.getTime() - project.start_time.getTime()
        : defaultProjectMinutes * 60_000;
    const end = new Date(start.getTime() + length);
    await assertMachineFree(tx, { machineId: machine.id, start, end, exceptProjectId: project.id });

    const changes: Record<string, { old: unknown; new: unknown }> = {};
    const record = (field: string, before: unknown, after: unknown) => {
      if (before !== after) changes[field] = { old: before, new: after };
    };
    record('start_time', project.start_time?.toISOString() ?? null, start.toISOString());
    record('end_time', project.end_time?.toISOString() ?? null, end.toISOString());
    if (project.machine_id !== machine.id) {
      const [previous] =
        project.machine_id === null
          ? []
          : await tx
              .select({ name: machines.name })
              .from(machines)
              .where(eq(machines.id, project.machine_id));
      record('machine', previous?.name ?? null, machine.name);
    }
    if (Object.keys(changes).length === 0) return presentProject(tx, project);

    const [moved] = await tx
      .update(machine_projects)
      .set({ start_time: start, end_time: end, machine_id: machine.id })
      .where(eq(machine_projects.id, project.id))
      .returning();
    await writeAuditEvent(tx, {
      entity: 'machine_project',
      entityId: project.id,
      action: 'moved',
      collectionUid: null,
      caseUid: null,
      changes,
      actor,
      at: now,
    });
    for (const uid of await findProjectCollections(tx, project.id)) await publishCollectionChanged(tx, uid);
    return presentProject(tx, moved ?? project);
  });
