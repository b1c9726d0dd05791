import { eq, sql } from 'drizzle-orm';
import { actorReference, actorUserId, type Actor } from '../../auth/actor';
import type { Tx } from '../../db/client';
import { case_audit, cases, collections, delegation_audit } from '../../db/schema/index';
import { publishCasesChanged, publishCollectionChanged } from '../../realtime/events';
import { recomputeCaseSchedule } from '../schedule/recompute-case-schedule';
import type { ActionCase } from './load-action-case';

// The write step every case action ends with: the case's new values, its audit rows and the stored
// schedule, all inside the action's transaction.

export type CaseUpdate = Partial<typeof cases.$inferInsert>;

/** field → {old, new}, as the Audit tab shows it. Ids are recorded as the names staff read. */
export type CaseChanges = Record<string, { old: unknown; new: unknown }>;

const comparable = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : value);

const isSame = (a: unknown, b: unknown): boolean =>
  JSON.stringify(comparable(a) ?? null) === JSON.stringify(comparable(b) ?? null);

/** Adds field → {old, new} when the values differ; dates are recorded as ISO strings. */
export const recordChange = (
  changes: CaseChanges,
  field: string,
  oldValue: unknown,
  newValue: unknown,
): void => {
  if (isSame(oldValue, newValue)) return;
  changes[field] = { old: comparable(oldValue) ?? null, new: comparable(newValue) ?? null };
};

export type SaveCaseChanges = {
  actionCase: ActionCase;
  actor: Actor;
  set: CaseUpdate;
  changes: CaseChanges;
  /** The change moves the schedule (status, start, promise, job type): store the recomputed one. */
  recompute?: boolean;
  now: Date;
};

/**
 * Writes the new values, bumps the case's and the collection's updated_at, writes the delegation audit
 * when the delegate changed and the case audit row with `changes`. Nothing to record = nothing written.
 */
export const saveCaseChanges = async (tx: Tx, options: SaveCaseChanges): Promise<void> => {
  const { actionCase, actor, changes, now } = options;
  const { row } = actionCase;
  const set: CaseUpdate = { ...options.set };
  if (Object.keys(changes).length === 0 && Object.keys(set).length === 0) return;
  const isDelegationChange = set.delegated_to_id !== undefined && set.delegated_to_id !== row.delegated_to_id;
  if (isDelegationChange) {
    set.delegated_at = now;
    set.delegated_by_id = actorUserId(actor);
  }
  await tx
    .update(cases)
    .set({ ...set, updated_at: now })
    .where(eq(cases.uid, row.uid));
  await tx
    .update(collections)
    .set({ updated_at: sql`now()` })
    .where(eq(collections.uid, row.collection_uid));
  // Open pages of the collection refetch at once (delivered on commit).
  await publishCollectionChanged(tx, row.collection_uid);
  if (isDelegationChange) {
    await tx.insert(delegation_audit).values({
      case_uid: row.uid,
      delegated_to_id: set.delegated_to_id ?? null,
      modified_at: now,
      modified_by_id: actorUserId(actor),
      modified_by: actorReference(actor),
    });
  }
  await writeCaseAuditRow(tx, { caseUid: row.uid, collectionUid: row.collection_uid, actor, now, changes });
  if (options.recompute) await recomputeCaseSchedule(tx, row.uid);
};

/** The case audit row of one action; none when nothing changed. */
export const writeCaseAuditRow = async (
  tx: Tx,
  // The case's collection when the caller knows it: the realtime mark then needs no lookup at commit.
  entry: { caseUid: string; collectionUid?: string; actor: Actor; now: Date; changes: CaseChanges },
): Promise<void> => {
  if (Object.keys(entry.changes).length === 0) return;
  await tx.insert(case_audit).values({
    case_uid: entry.caseUid,
    modified_at: entry.now,
    modified_by_id: actorUserId(entry.actor),
    // Staff by username, as the other audits and messages do; a client or partner by name.
    modified_by: actorReference(entry.actor),
    changed_values: entry.changes,
  });
  // Like every audit row: open pages of the case's collection hear of it (audit/write-audit-event.ts).
  if (entry.collectionUid === undefined) await publishCasesChanged(tx, [entry.caseUid]);
  else await publishCollectionChanged(tx, entry.collectionUid);
};
