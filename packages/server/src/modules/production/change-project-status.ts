import { eq } from 'drizzle-orm';
import {
  AppError,
  machineProjectStatusSteps,
  productionMessages,
  type CalendarProject,
  type MachineProjectStatus,
} from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import { writeAuditEvent } from '../../audit/write-audit-event';
import { inTransaction, type Db } from '../../db/client';
import { machine_projects } from '../../db/schema/index';
import { publishCollectionChanged } from '../../realtime/events';
import { findProjectCollections, loadProjectForUpdate, presentProject } from './project-records';

/**
 * POST /api/v2/machine_project/{id}/status/: Programming → Make Ready → Complete (Make Ready may go back
 * to Programming). Once Complete, its cases leave production without the removal question
 * (cases/plan-status-change.ts reads the status). Any other step is 409.
 */
export const changeProjectStatus = async (
  db: Db,
  options: { rawId: string; status: MachineProjectStatus; actor: StaffActor; now?: Date },
): Promise<CalendarProject> =>
  inTransaction(db, async (tx) => {
    const now = options.now ?? new Date();
    const project = await loadProjectForUpdate(tx, options.rawId);
    const from = project.status as MachineProjectStatus;
    if (!machineProjectStatusSteps[from].includes(options.status)) {
      throw new AppError('conflict', { message: productionMessages.statusStep(from, options.status) });
    }
    const [changed] = await tx
      .update(machine_projects)
      .set({ status: options.status })
      .where(eq(machine_projects.id, project.id))
      .returning();
    await writeAuditEvent(tx, {
      entity: 'machine_project',
      entityId: project.id,
      action: 'status_changed',
      collectionUid: null,
      caseUid: null,
      changes: { status: { old: from, new: options.status } },
      actor: options.actor,
      at: now,
    });
    for (const uid of await findProjectCollections(tx, project.id)) await publishCollectionChanged(tx, uid);
    return presentProject(tx, changed ?? project);
  });
