import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError, messageTextsExtra, notificationLifetimeMs, type Message } from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import { inTransaction, type Db, type Tx } from '../../db/client';
import { collections, message_read_receipts, messages, notifications } from '../../db/schema/index';
import { publishCollectionChanged, publishNotificationEvents } from '../../realtime/events';
import { findMessage } from './message-queries';
import { writeAuditEvent } from '../../audit/write-audit-event';

// PATCH /api/v2/message/{uid}/ with {action: resolve | read} (collection-views §7).

const notFound = () => new AppError('not_found', { message: messageTextsExtra.messageNotFound });
const uuidText = z.guid();

type MessageRow = typeof messages.$inferSelect;

/**
 * Resolving closes an open alert (ALERTING_MESSAGE, CUSTOMER_SERVICE_NOTE), once, with an audit row. The
 * alert's notifications, which stay until actioned, become informational ones that expire: the alert is
 * dealt with, but nobody loses the notice before seeing it.
 */
const resolveMessage = async (tx: Tx, message: MessageRow, actor: StaffActor): Promise<void> => {
  if (!message.resolvable) throw new AppError('conflict', { message: messageTextsExtra.notResolvable });
  if (message.resolved_at !== null)
    throw new AppError('conflict', { message: messageTextsExtra.alreadyResolved });
  const now = new Date();
  await tx
    .update(messages)
    .set({ resolved_at: now, resolved_by_id: actor.id })
    .where(eq(messages.uid, message.uid));
  const expiring = await tx
    .update(notifications)
    .set({ expires_at: new Date(now.getTime() + notificationLifetimeMs) })
    .where(and(eq(notifications.message_uid, message.uid), isNull(notifications.expires_at)))
    .returning({ user_id: notifications.user_id, notification_uid: notifications.notification_uid });
  // Open bells show the new expiry (and its Ignore) at once, not at their next poll.
  await publishNotificationEvents(tx, expiring);
  await writeAuditEvent(tx, {
    entity: 'message',
    entityId: message.uid,
    action: 'resolved',
    collectionUid: message.case_collection_uid,
    caseUid: message.case_uid,
    changes: { resolved_at: { old: null, new: now.toISOString() } },
    actor,
    at: now,
  });
  if (message.case_collection_uid) {
    await tx
      .update(collections)
      .set({ updated_at: sql`now()` })
      .where(eq(collections.uid, message.case_collection_uid));
    await publishCollectionChanged(tx, message.case_collection_uid);
  }
};

/**
 * Reading records the employee's receipt once (a repeat keeps the first time) and acknowledges their
 * notifications of the message, so the bell stops showing it as new. No audit row: the receipt is the
 * record.
 */
const readMessage = async (tx: Tx, message: MessageRow, actor: StaffActor): Promise<void> => {
  const receipts = await tx
    .insert(message_read_receipts)
    .values({ message_uid: message.uid, user_id: actor.id })
    .onConflictDoNothing()
    .returning({ message_uid: message_read_receipts.message_uid });
  // Other pages of the collection show who read it; a repeated read changes nothing and tells no one.
  if (receipts.length > 0 && message.case_collection_uid) {
    await publishCollectionChanged(tx, message.case_collection_uid);
  }
  const acknowledged = await tx
    .update(notifications)
    .set({ delivered_at: sql`now()` })
    .where(
      and(
        eq(notifications.message_uid, message.uid),
        eq(notifications.user_id, actor.id),
        isNull(notifications.delivered_at),
      ),
    )
    .returning({ user_id: notifications.user_id, notification_uid: notifications.notification_uid });
  await publishNotificationEvents(tx, acknowledged);
};

export const runMessageAction = async (
  db: Db,
  options: { rawUid: string; action: 'resolve' | 'read'; actor: StaffActor },
): Promise<Message> => {
  const parsed = uuidText.safeParse(options.rawUid);
  if (!parsed.success) throw notFound();
  const uid = parsed.data.toLowerCase();
  await inTransaction(db, async (tx) => {
    const query = tx.select().from(messages).where(eq(messages.uid, uid));
    // Resolving is once only: the row is locked so two resolves cannot both win.
    const [message] = options.action === 'resolve' ? await query.for('update') : await query;
    if (!message) throw notFound();
    if (options.action === 'resolve') await resolveMessage(tx, message, options.actor);
    else await readMessage(tx, message, options.actor);
  });
  const answer = await findMessage(db, uid, options.actor.id);
  if (!answer) throw notFound();
  return answer;
};
