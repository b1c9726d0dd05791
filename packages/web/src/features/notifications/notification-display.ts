import type { Notification } from '@lab/domain';
import { collectionPageUrl } from '../../lib/navigation';

// What the bell shows of a notification (collection-views §3 'Notification', §9).

export const noteCap = 255;
export const jobTypeCap = 80;

/** Cuts a text at `max` characters, marking the cut with an ellipsis. */
export const capText = (text: string, max: number): string =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

/** New: not yet delivered to the user; shown in the popup and acknowledged on display. */
export const isNewNotification = (notification: Pick<Notification, 'delivered_at'>): boolean =>
  notification.delivered_at === null;

/** Ignore is offered only for a notification that expires. */
export const canIgnore = (notification: Pick<Notification, 'expires_at'>): boolean =>
  notification.expires_at !== null;

/** '120034-01 Custom Abutment' (job type capped), or null for a notification without a case. */
export const caseLine = (notification: Pick<Notification, 'case'>): string | null =>
  notification.case
    ? `${notification.case.case_mkey} ${capText(notification.case.job_type, jobTypeCap)}`
    : null;

/** The messages view of the notification's collection with its message highlighted; null without one. */
export const notificationLink = (
  notification: Pick<Notification, 'case_collection_uid' | 'uid'>,
): string | null => {
  if (!notification.case_collection_uid) return null;
  return collectionPageUrl({
    view: 'messages',
    uid: notification.case_collection_uid,
    ...(notification.uid ? { muid: notification.uid } : {}),
  });
};
