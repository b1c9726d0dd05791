import { and, desc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import { toIso, type Notification } from '@lab/domain';
import type { Queryable } from '../../db/client';
import { cases, collections, job_types, notifications } from '../../db/schema/index';

// Reads of the bell: one statement with the case and collection the notification links to.

// The bell shows the newest; older open ones stay in the table until actioned, ignored or expired.
export const maxListedNotifications = 200;

const findNotificationRows = (q: Queryable, where: SQL | undefined, limit: number) =>
  q
    .select({
      notification: notifications,
      case_mkey: cases.case_mkey,
      job_type: job_types.name,
      collection_id: collections.collection_id,
    })
    .from(notifications)
    .leftJoin(cases, eq(cases.uid, notifications.case_uid))
    .leftJoin(job_types, eq(job_types.id, cases.job_type_id))
    .leftJoin(collections, eq(collections.uid, notifications.case_collection_uid))
    .where(where)
    .orderBy(desc(notifications.created_at), desc(notifications.notification_uid))
    .limit(limit);

type NotificationRow = Awaited<ReturnType<typeof findNotificationRows>>[number];

const presentNotification = (row: NotificationRow): Notification => {
  const n = row.notification;
  return {
    notification_uid: n.notification_uid,
    uid: n.message_uid,
    created_at: toIso(n.created_at),
    expires_at: toIso(n.expires_at),
    delivered_at: toIso(n.delivered_at),
    message_type: n.message_type,
    note: n.note,
    author_reference: n.author_reference,
    case_uid: n.case_uid,
    case: row.case_mkey === null ? null : { case_mkey: row.case_mkey, job_type: row.job_type ?? '' },
    case_collection_uid: n.case_collection_uid,
    collection: row.collection_id === null ? null : { collection_id: row.collection_id },
  };
};

/** The employee's open notifications (not dismissed, not ignored, not expired), newest first. */
export const listOpenNotifications = async (q: Queryable, userId: number): Promise<Notification[]> => {
  const rows = await findNotificationRows(
    q,
    and(
      eq(notifications.user_id, userId),
      isNull(notifications.dismissed_at),
      isNull(notifications.ignored_at),
      or(isNull(notifications.expires_at), gt(notifications.expires_at, sql`now()`)),
    ),
    maxListedNotifications,
  );
  return rows.map(presentNotification);
};

/** One of the employee's notifications, whatever its state; null when it is not theirs. */
export const findOwnNotification = async (
  q: Queryable,
  notificationUid: string,
  userId: number,
): Promise<Notification | null> => {
  const [row] = await findNotificationRows(
    q,
    and(eq(notifications.notification_uid, notificationUid), eq(notifications.user_id, userId)),
    1,
  );
  return row ? presentNotification(row) : null;
};
