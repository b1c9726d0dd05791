import { eq } from 'drizzle-orm';
import type { StaffActor } from '../../auth/actor';
import type { Tx } from '../../db/client';
import { collections, location_audit } from '../../db/schema/index';
import { writeAuditEvent } from '../../audit/write-audit-event';
import { publishCollectionChanged } from '../../realtime/events';
import { collectionNotFound, parseCollectionUid } from './collection-queries';

// Audit rows of the collection writes, each written inside the write's own transaction, and the row lock
// those writes start with.

export type AuditValue = string | number | boolean | null | readonly string[];
export type AuditChanges = Record<string, { old: AuditValue; new: AuditValue }>;

const isSameValue = (a: AuditValue, b: AuditValue): boolean =>
  Array.isArray(a) && Array.isArray(b)
    ? a.length === b.length && a.every((value, i) => value === b[i])
    : a === b;

/** Field → {old, new} for every field whose value differs between the two snapshots. */
export const diffSnapshots = <Field extends string>(
  before: Record<Field, AuditValue>,
  after: Record<Field, AuditValue>,
): AuditChanges => {
  const changes: AuditChanges = {};
  for (const field of Object.keys(before) as Field[]) {
    if (!isSameValue(before[field], after[field])) changes[field] = { old: before[field], new: after[field] };
  }
  return changes;
};

/**
 * Locks the collection row for the rest of the transaction, so concurrent writes to it (two Add
 * Components, a toggle and a PATCH) run one after the other and each sees the other's result.
 */
export const lockCollection = async (tx: Tx, rawUid: string) => {
  const [row] = await tx
    .select()
    .from(collections)
    .where(eq(collections.uid, parseCollectionUid(rawUid)))
    .for('update');
  if (!row) throw collectionNotFound();
  return row;
};

/** A change of the collection's own fields (audit_events, entity 'collection'). Nothing when unchanged. */
export const writeCollectionAudit = async (
  tx: Tx,
  entry: { collectionUid: string; changes: AuditChanges; actor: StaffActor },
): Promise<void> => {
  if (Object.keys(entry.changes).length === 0) return;
  await writeAuditEvent(tx, {
    entity: 'collection',
    entityId: entry.collectionUid,
    action: 'updated',
    collectionUid: entry.collectionUid,
    caseUid: null,
    changes: entry.changes,
    actor: entry.actor,
  });
};

/** One move of the collection's box; a null location means it was unallocated. */
export const writeLocationAudit = async (
  tx: Tx,
  entry: { collectionUid: string; binLocation: string | null; branchId: number | null; actor: StaffActor },
): Promise<void> => {
  await tx.insert(location_audit).values({
    collection_uid: entry.collectionUid,
    bin_location: entry.binLocation,
    bin_location_branch_id: entry.branchId,
    moved_by_id: entry.actor.id,
    moved_by: entry.actor.username,
  });
  // Like every audit row: open pages of the collection hear of it (audit/write-audit-event.ts).
  await publishCollectionChanged(tx, entry.collectionUid);
};
