import { eq } from 'drizzle-orm';
import {
  AppError,
  caseActionMessages,
  departmentForStatusParent,
  flagsForStatusParent,
  type StatusParent,
} from '@lab/domain';
import type { ClientActor, StaffActor } from '../../auth/actor';
import type { Tx } from '../../db/client';
import { machine_projects } from '../../db/schema/index';
import { assertChecklistsComplete } from '../checklists/checklist-gate';
import { findUserNames } from '../collections/collection-queries';
import type { CaseEvents } from './case-events';
import type { ActionCase, StatusRecord } from './load-action-case';
import { recordChange, type CaseChanges, type CaseUpdate } from './save-case-changes';

// A status change as edit_case, finishing change_status and mark_as_done make it (domain-decisions
// 'Cases'): the six flags and the department follow the status parent, the stage being completed is
// stamped with the acting user, a change of department clears the delegation, and leaving production
// while the machine project is not Complete needs the user's confirmation (forceUpdateStatus). Beyond the
// spec, a move to a dispatch-ready status or to DISPATCHED needs the case's mandatory checklist items
// ticked (409 naming the open ones), checked first so the user is not asked to confirm anything else.
// Once the plan stands, the change is published (case-events.ts) for the modules that react to it, such
// as invoicing billing a dispatched case: they see the case as it was and may add to its audit row.

/** The case step of the timeline (case-workspace §4): a higher step is further along. */
const stepOf: Record<StatusParent, number> = {
  CANCELLED: 0,
  ORDERED: 1,
  'IN DESIGN': 2,
  'IN PRODUCTION': 3,
  'IN LAB': 4,
  DISPATCHED: 5,
};

/** Ready for Dispatch (and the like) or dispatched: a move there passes the checklist gate. */
const isDispatchMove = (from: StatusRecord, to: StatusRecord): boolean =>
  (to.dispatch_ready || to.parent_name === 'DISPATCHED') && from.parent_name !== 'DISPATCHED';

/** The stage a case completes by moving on from each parent, and where the stamp goes. */
const completionOf: Partial<Record<StatusParent, (now: Date, userId: number | null) => CaseUpdate>> = {
  ORDERED: (now, userId) => ({ date_metrology_complete: now, metrology_user_id: userId }),
  'IN DESIGN': (now, userId) => ({ date_design_complete: now, design_user_id: userId }),
  'IN PRODUCTION': (now, userId) => ({ date_machining_complete: now, machine_user_id: userId }),
};

export type StatusChangePlan = { set: CaseUpdate; changes: CaseChanges };

export const planStatusChange = async (
  tx: Tx,
  options: {
    actionCase: ActionCase;
    to: StatusRecord;
    /** Staff; or the client whose answer moves the case (never to dispatch). */
    actor: StaffActor | ClientActor;
    now: Date;
    force: boolean;
    events: CaseEvents;
    /** Who completed the stage, when the actor is the client (the designer who asked for approval). */
    stageUserId?: number | null;
  },
): Promise<StatusChangePlan> => {
  const { actionCase, to, actor, now, events } = options;
  const stageUserId = actor.kind === 'staff' ? actor.id : (options.stageUserId ?? null);
  const { row, status: from } = actionCase;
  const set: CaseUpdate = {};
  const changes: CaseChanges = {};
  if (to.id === row.status_id) return { set, changes };
  if (isDispatchMove(from, to)) await assertChecklistsComplete(tx, [row.uid]);

  const department = departmentForStatusParent(to.parent_name);
  Object.assign(set, { status_id: to.id, ...flagsForStatusParent(to.parent_name), department });
  recordChange(changes, 'status', from.name, to.name);
  recordChange(changes, 'department', row.department, department);

  const isLeavingProduction = from.parent_name === 'IN PRODUCTION' && to.parent_name !== 'IN PRODUCTION';
  if (isLeavingProduction && row.machine_project_id !== null) {
    const [project] = await tx
      .select({ name: machine_projects.name, status: machine_projects.status })
      .from(machine_projects)
      .where(eq(machine_projects.id, row.machine_project_id))
      .limit(1);
    if (project && project.status !== 'Complete') {
      if (!options.force) {
        throw new AppError('machine_project_active', { message: caseActionMessages.machineProjectActive });
      }
      set.machine_project_id = null;
      recordChange(changes, 'machine_project', project.name, null);
    }
  }

  // Only a move forward completes a stage: going back (e.g. a remake to design) or cancelling does not.
  const completion = completionOf[from.parent_name];
  if (completion && stepOf[to.parent_name] > stepOf[from.parent_name]) {
    const stamps = completion(now, stageUserId);
    Object.assign(set, stamps);
    for (const [field, value] of Object.entries(stamps)) {
      if (value instanceof Date) recordChange(changes, field, row[field as keyof typeof row], value);
    }
  }
  const isDispatching = to.parent_name === 'DISPATCHED' && from.parent_name !== 'DISPATCHED';
  if (isDispatching) {
    set.date_dispatched = now;
    recordChange(changes, 'date_dispatched', row.date_dispatched, now);
  }

  // The delegate worked for the department the case leaves.
  if (department !== row.department && row.delegated_to_id !== null) {
    const names = await findUserNames(tx, [row.delegated_to_id]);
    set.delegated_to_id = null;
    recordChange(changes, 'delegated_to', names.get(row.delegated_to_id) ?? null, null);
  }

  const eventBase = {
    caseUid: row.uid,
    collectionUid: row.collection_uid,
    actor,
    at: now,
    recordOnCaseAudit: (field: string, oldValue: unknown, newValue: unknown) =>
      recordChange(changes, field, oldValue, newValue),
  };
  await events.publish(tx, { type: 'case.status_changed', ...eventBase, from, to });
  if (isDispatching) {
    if (actor.kind !== 'staff') throw new Error('only staff dispatch a case');
    await events.publish(tx, { type: 'case.dispatched', ...eventBase, actor, actionCase });
  }
  return { set, changes };
};
