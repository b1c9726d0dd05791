import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError, notificationTexts, type Notification, type NotificationAction } from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import { inTransaction, type Db } from '../../db/client';
import { notifications } from '../../db/schema/index';
import { publishNotificationEvents } from '../../realtime/events';
import { findOwnNotification } from './notification-queries';

// PATCH /api/v2/messages/notification/{notification_uid}/acknowledge | dismiss | ignore. A notification is
// the employee's own screen state, so these write no audit row. Each stamp is set once: repeating an
// action answers the notification unchanged.

const notFound = () => new AppError('not_found', { message: notificationTexts.notFound });

const uuidText = z.guid();

export const runNotificationAction = async (
  db: Db,
  options: { rawUid: string; action: NotificationAction; actor: StaffActor },
): Promise<Notification> => {
  const parsed = uuidText.safeParse(options.rawUid);
  if (!parsed.success) throw notFound();
  const uid = parsed.data.toLowerCase();
  const userId = options.actor.id;
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .select({ expires_at: notifications.expires_at })
      .from(notifications)
      // Another employee's notification is answered like one that does not exist.
      .where(and(eq(notifications.notification_uid, uid), eq(notifications.user_id, userId)))
      .for('update');
    if (!row) throw notFound();
    if (options.action === 'ignore' && row.expires_at === null) {
      throw new AppError('conflict', { message: notificationTexts.cannotIgnore });
    }
    const stamp =
      options.action === 'acknowledge'
        ? { delivered_at: sql`coalesce(${notifications.delivered_at}, now())` }
        : options.action === 'dismiss'
          ? { dismissed_at: sql`coalesce(${notifications.dismissed_at}, now())` }
          : { ignored_at: sql`coalesce(${notifications.ignored_at}, now())` };
    await tx.update(notifications).set(stamp).where(eq(notifications.notification_uid, uid));
    // The employee's other open pages update their bell.
    await publishNotificationEvents(tx, [{ user_id: userId, notification_uid: uid }]);
    const answer = await findOwnNotification(tx, uid, userId);
    if (!answer) throw notFound();
    return answer;
  });
};
