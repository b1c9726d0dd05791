import { eq } from 'drizzle-orm';
import { AppError, orderMessages, type PreflightReport } from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import { inTransaction, type Db } from '../../db/client';
import { cases } from '../../db/schema/index';
import type { FileStorage } from '../../storage/file-storage';
import {
  findStatusOfParent,
  loadActionCase,
  planStatusChange,
  recordChange,
  saveCaseChanges,
  type CaseEvents,
} from '../cases/kernel';
import { casePreflight } from './preflight';

// POST /api/v2/case/{case_uid}/check_in/: the Check-in desk takes a case in. Its pre-flight must hold (a
// blocking check is 409 naming each) unless the employee gives a reason, which the case audit keeps with
// the checks it passed over. The case then moves on to design as every status change does (the metrology
// stage stamped with the employee, the timeline's Check-in step complete, the schedule recomputed).

export const checkInCase = async (
  db: Db,
  options: {
    storage: FileStorage;
    events: CaseEvents;
    caseUid: string;
    actor: StaffActor;
    overrideReason: string | undefined;
    now?: Date;
  },
): Promise<PreflightReport> => {
  const report = await casePreflight(db, options.storage, options.caseUid);
  const blocks = report.checks.filter((c) => c.severity === 'block');
  const reason = options.overrideReason?.trim() || null;
  if (blocks.length > 0 && reason === null) {
    throw new AppError('conflict', {
      message: orderMessages.checkInBlocked,
      fields: Object.fromEntries(blocks.map((c, i) => [`checks.${i}.${c.code}`, c.message])),
    });
  }
  const now = options.now ?? new Date();
  await inTransaction(db, async (tx) => {
    const [found] = await tx
      .select({ case_id: cases.case_id })
      .from(cases)
      .where(eq(cases.uid, options.caseUid.toLowerCase()))
      .limit(1);
    const actionCase = await loadActionCase(tx, found?.case_id ?? null);
    if (actionCase.status.parent_name !== 'ORDERED') {
      throw new AppError('conflict', { message: orderMessages.alreadyCheckedIn });
    }
    const to = await findStatusOfParent(tx, 'IN DESIGN', 'Awaiting Status Allocation');
    if (!to) throw new Error('the reference data has no IN DESIGN status');
    const plan = await planStatusChange(tx, {
      actionCase,
      to,
      actor: options.actor,
      now,
      force: false,
      events: options.events,
    });
    const { row } = actionCase;
    const set = { ...plan.set, check_in_user_id: options.actor.id, date_received: row.date_received ?? now };
    recordChange(plan.changes, 'check_in_user', null, options.actor.username);
    if (row.date_received === null) recordChange(plan.changes, 'date_received', null, now);
    if (blocks.length > 0 && reason !== null) {
      recordChange(plan.changes, 'check_in_override', null, {
        reason,
        checks: blocks.map((c) => c.code),
      });
    }
    await saveCaseChanges(tx, {
      actionCase,
      actor: options.actor,
      now,
      changes: plan.changes,
      set,
      recompute: true,
    });
  });
  return report;
};
