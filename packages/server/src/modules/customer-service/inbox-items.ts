import { and, eq } from 'drizzle-orm';
import {
  AppError,
  customerServiceMessages,
  inboxItemKeyPattern,
  toIso,
  type InboxItemState,
} from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import { writeAuditEvent } from '../../audit/write-audit-event';
import { inTransaction, type Db, type Tx } from '../../db/client';
import { approvals, cases, customer_service_items, messages, users } from '../../db/schema/index';
import { publishRealtimeEvents } from '../../realtime/events';

// The desk's marks on an inbox item: who looks after it, and done (a message that needs no reply, a
// client told of a moved due). Each is one transaction with its audit row on the item's collection.

type ItemKind = 'message' | 'approval' | 'due' | 'request';

const parseKey = (key: string): { kind: ItemKind; uid: string } => {
  const match = inboxItemKeyPattern.exec(key);
  if (!match?.[1] || !match[2])
    throw new AppError('validation_failed', { message: customerServiceMessages.badKey });
  return { kind: match[1] as ItemKind, uid: match[2].toLowerCase() };
};

/** The item's collection (and case), and for a moved due the finish the client is now told of. */
const findItem = async (tx: Tx, key: string) => {
  const { kind, uid } = parseKey(key);
  if (kind === 'message' || kind === 'request') {
    const [row] = await tx
      .select({ collectionUid: messages.case_collection_uid, caseUid: messages.case_uid })
      .from(messages)
      .where(eq(messages.uid, uid))
      .limit(1);
    return row?.collectionUid
      ? { collectionUid: row.collectionUid, caseUid: row.caseUid, internalDue: null }
      : null;
  }
  if (kind === 'approval') {
    const [row] = await tx
      .select({ collectionUid: cases.collection_uid, caseUid: cases.uid })
      .from(approvals)
      .innerJoin(cases, eq(cases.uid, approvals.case_uid))
      .where(eq(approvals.uid, uid))
      .limit(1);
    return row ? { ...row, internalDue: null } : null;
  }
  const [row] = await tx
    .select({ collectionUid: cases.collection_uid, caseUid: cases.uid, internalDue: cases.internal_due })
    .from(cases)
    .where(eq(cases.uid, uid))
    .limit(1);
  return row ?? null;
};

const stateOf = async (tx: Tx, key: string): Promise<InboxItemState> => {
  const [row] = await tx
    .select({
      assignee_id: customer_service_items.assignee_id,
      done_at: customer_service_items.done_at,
      first_name: users.first_name,
      last_name: users.last_name,
      username: users.username,
    })
    .from(customer_service_items)
    .leftJoin(users, eq(users.id, customer_service_items.assignee_id))
    .where(eq(customer_service_items.item_key, key))
    .limit(1);
  const name = row ? `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim() || row.username : null;
  return {
    key,
    assignee: row?.assignee_id ? { id: row.assignee_id, name: name ?? String(row.assignee_id) } : null,
    done_at: row?.done_at ? toIso(row.done_at) : null,
  };
};

const requireItem = async (tx: Tx, key: string) => {
  const item = await findItem(tx, key);
  if (!item) throw new AppError('not_found', { message: customerServiceMessages.itemNotFound });
  return item;
};

/** Tells the open Customer Service pages to read their inbox again (its marks changed). */
const tellInboxes = (tx: Tx, collectionUid: string) =>
  publishRealtimeEvents(tx, [{ type: 'client_waiting', uid: collectionUid, branch_id: null }]);

export const assignInboxItem = (
  db: Db,
  options: { key: string; assigneeId: number | null; actor: StaffActor; now?: Date },
): Promise<InboxItemState> =>
  inTransaction(db, async (tx) => {
    const { key, assigneeId, actor } = options;
    const now = options.now ?? new Date();
    const item = await requireItem(tx, key);
    if (assigneeId !== null) {
      const [employee] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, assigneeId), eq(users.is_active, true)))
        .limit(1);
      if (!employee) {
        throw new AppError('validation_failed', {
          message: customerServiceMessages.unknownEmployee,
          fields: { assignee_id: customerServiceMessages.unknownEmployee },
        });
      }
    }
    const before = await stateOf(tx, key);
    await tx
      .insert(customer_service_items)
      .values({ item_key: key, assignee_id: assigneeId, assigned_at: now })
      .onConflictDoUpdate({
        target: customer_service_items.item_key,
        set: { assignee_id: assigneeId, assigned_at: now },
      });
    await writeAuditEvent(tx, {
      entity: 'customer_service_item',
      entityId: key,
      action: 'assigned',
      collectionUid: item.collectionUid,
      caseUid: item.caseUid,
      changes: { assignee_id: { old: before.assignee?.id ?? null, new: assigneeId } },
      actor,
    });
    await tellInboxes(tx, item.collectionUid);
    return stateOf(tx, key);
  });

export const markInboxItemDone = (
  db: Db,
  options: { key: string; actor: StaffActor; now?: Date },
): Promise<InboxItemState> =>
  inTransaction(db, async (tx) => {
    const { key, actor } = options;
    const now = options.now ?? new Date();
    const item = await requireItem(tx, key);
    // A moved due is "done" for the finish the client was told of; a later move lists it again.
    const done = parseKey(key).kind === 'due' ? { told_internal_due: item.internalDue } : { done_at: now };
    await tx
      .insert(customer_service_items)
      .values({ item_key: key, done_by_id: actor.id, ...done })
      .onConflictDoUpdate({
        target: customer_service_items.item_key,
        set: { done_by_id: actor.id, ...done },
      });
    await writeAuditEvent(tx, {
      entity: 'customer_service_item',
      entityId: key,
      action: 'done',
      collectionUid: item.collectionUid,
      caseUid: item.caseUid,
      changes: 'told_internal_due' in done ? { told_internal_due: item.internalDue } : {},
      actor,
    });
    await tellInboxes(tx, item.collectionUid);
    return stateOf(tx, key);
  });
