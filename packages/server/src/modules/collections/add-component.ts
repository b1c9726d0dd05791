import { and, eq, isNull, or, sql } from 'drizzle-orm';
import {
  AppError,
  collectionEditMessages,
  departmentForStatusParent,
  flagsForStatusParent,
  scheduleMessages,
  toIso,
  type AddComponent,
  type BusinessCalendar,
  type Dentate,
  type StatusParent,
} from '@lab/domain';
import { actorUserId, type Actor, type StaffActor } from '../../auth/actor';
import { inTransaction, type Db, type Tx } from '../../db/client';
import {
  cases,
  checklist_items,
  checklist_templates,
  collections,
  job_types,
  outsources,
} from '../../db/schema/index';
import { findStatus, writeCaseAuditRow, type CaseChanges } from '../cases/kernel';
import { defaultBranchCalendar, loadBranchCalendar } from '../schedule/load-branch-calendar';
import { readPromise } from '../schedule/preview-schedule';
import { recomputeCaseSchedule } from '../schedule/recompute-case-schedule';
import { lockCollection } from './collection-audit';

// POST /api/v2/collection/{uid}/component/ (Add Component): a new case as the collection's next
// component, with its flags, stored schedule, checklist and audit row, in one transaction.

export type AddComponentOptions = {
  rawUid: string;
  body: AddComponent;
  actor: StaffActor;
  /** The schedule's start; a parameter so tests can pin it. */
  now?: Date;
};

/** An active job type with what a new case copies from it; null when unknown or inactive. */
export const findJobType = async (tx: Tx, id: number) => {
  const [row] = await tx
    .select({
      id: job_types.id,
      name: job_types.name,
      is_active: job_types.is_active,
      virtual_product: job_types.virtual_product,
      requires_return_file: job_types.requires_return_file,
      preemptive_partner_id: job_types.preemptive_partner_id,
    })
    .from(job_types)
    .where(eq(job_types.id, id))
    .limit(1);
  return row?.is_active ? row : null;
};

const calendarOf = async (tx: Tx, branchId: number | null): Promise<BusinessCalendar> => {
  const branch = branchId === null ? null : await loadBranchCalendar(tx, branchId);
  return branch?.calendar ?? defaultBranchCalendar;
};

/** The collection's next component number; call it under lockCollection, so parallel adds differ. */
export const nextOrdinal = async (tx: Tx, collectionUid: string): Promise<number> => {
  const [row] = await tx
    .select({ last: sql<number>`coalesce(max(${cases.ordinal}), 0)::int` })
    .from(cases)
    .where(eq(cases.collection_uid, collectionUid));
  return Number(row?.last ?? 0) + 1;
};

/** The job type's quality-control steps (and those of every job type), copied onto the new case. */
export const copyChecklist = async (tx: Tx, caseUid: string, jobTypeId: number): Promise<void> => {
  const templates = await tx
    .select()
    .from(checklist_templates)
    .where(
      and(
        eq(checklist_templates.is_active, true),
        or(isNull(checklist_templates.job_type_id), eq(checklist_templates.job_type_id, jobTypeId)),
      ),
    )
    .orderBy(checklist_templates.sort, checklist_templates.id);
  if (templates.length === 0) return;
  await tx.insert(checklist_items).values(
    templates.map((t) => ({
      case_uid: caseUid,
      template_id: t.id,
      name: t.name,
      department: t.department,
      mandatory: t.mandatory,
      sort: t.sort,
    })),
  );
};

/** Answers the collection's and the new case's uids; the route presents the case as GET lists it. */
export const addComponent = (
  db: Db,
  options: AddComponentOptions,
): Promise<{ collectionUid: string; caseUid: string }> =>
  inTransaction(db, async (tx) => {
    const { body, actor } = options;
    const now = options.now ?? new Date();
    // Locked first: the next ordinal is read and used under the lock, so parallel adds get distinct keys.
    const collection = await lockCollection(tx, options.rawUid);
    const jobType = await findJobType(tx, body.job_type_id);
    const found = await findStatus(tx, body.status_id);
    const status = found?.is_active ? found : null;
    const calendar = await calendarOf(tx, collection.fulfillment_branch_id);
    // Read as the schedule preview reads it, so the form's preview and its save agree.
    const promise = body.date_promised ? readPromise(calendar, body.date_promised, now) : null;
    const datePromised = promise?.instant ?? null;
    const fields: Record<string, string> = {};
    if (!jobType) fields.job_type_id = collectionEditMessages.unknownJobType;
    if (!status) fields.status_id = collectionEditMessages.unknownStatus;
    if (promise?.error) fields.date_promised = promise.error;
    const [firstMessage] = Object.values(fields);
    if (firstMessage !== undefined || !jobType || !status) {
      throw new AppError('validation_failed', { message: firstMessage ?? scheduleMessages.blank, fields });
    }

    const created = await insertNewCase(tx, {
      collection,
      jobType,
      status,
      dentate: body.dentate,
      datePromised,
      actor,
      now,
    });
    await tx.update(collections).set({ updated_at: now }).where(eq(collections.uid, collection.uid));
    return { collectionUid: collection.uid, caseUid: created.uid };
  });

type NewCaseJobType = NonNullable<Awaited<ReturnType<typeof findJobType>>>;
type NewCaseStatus = { id: number; name: string; parent_name: StatusParent };

/**
 * The collection's next component: its row (flags and department from the status), its checklist, the
 * job type's planned outsource, its stored schedule and its audit row. Call it with the collection
 * locked, so parallel adds get distinct ordinals. Add Component, redo and new orders make cases so.
 */
export const insertNewCase = async (
  tx: Tx,
  options: {
    collection: { uid: string; collection_id: number };
    jobType: NewCaseJobType;
    status: NewCaseStatus;
    dentate: Dentate;
    datePromised: Date | null;
    actor: Actor;
    now: Date;
  },
): Promise<{ uid: string; case_id: number; case_mkey: string }> => {
  const { collection, jobType, status, actor, now, datePromised } = options;
  const ordinal = await nextOrdinal(tx, collection.uid);
  const caseMkey = `${collection.collection_id}-${String(ordinal).padStart(2, '0')}`;
  const [created] = await tx
    .insert(cases)
    .values({
      case_mkey: caseMkey,
      ordinal,
      collection_uid: collection.uid,
      job_type_id: jobType.id,
      status_id: status.id,
      ...flagsForStatusParent(status.parent_name),
      department: departmentForStatusParent(status.parent_name),
      virtual_product: jobType.virtual_product,
      requires_return_file: jobType.requires_return_file,
      dentate: options.dentate,
      added: now,
      created_by_id: actorUserId(actor),
      schedule_start: now,
      date_promised: datePromised,
    })
    .returning({ uid: cases.uid, case_id: cases.case_id });
  if (!created) throw new Error('case insert returned no row');

  await copyChecklist(tx, created.uid, jobType.id);
  if (jobType.preemptive_partner_id !== null) {
    // The job type's rule: a planned, not started outsource to its partner.
    await tx.insert(outsources).values({
      case_uid: created.uid,
      partner_id: jobType.preemptive_partner_id,
      created_by_id: actorUserId(actor),
    });
  }
  await recomputeCaseSchedule(tx, created.uid);
  const changes: CaseChanges = {
    created: { old: null, new: caseMkey },
    job_type: { old: null, new: jobType.name },
    dentate: { old: null, new: options.dentate },
    status: { old: null, new: status.name },
  };
  if (datePromised) changes.date_promised = { old: null, new: toIso(datePromised) };
  await writeCaseAuditRow(tx, { caseUid: created.uid, collectionUid: collection.uid, actor, now, changes });
  return { uid: created.uid, case_id: created.case_id, case_mkey: caseMkey };
};
