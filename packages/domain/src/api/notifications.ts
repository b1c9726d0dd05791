import { z } from 'zod';
import { isoDateTime, nullableIsoDateTime } from './common';

// The notifications bell (collection-views §3 'Notification', §7): GET /api/v2/messages/notifications/
// and PATCH /api/v2/messages/notification/{notification_uid}/acknowledge | dismiss | ignore.

export const notificationSchema = z.object({
  notification_uid: z.uuid(),
  // The message it is about (for the muid of the link), when it is about one.
  uid: z.uuid().nullable(),
  created_at: isoDateTime,
  expires_at: nullableIsoDateTime,
  delivered_at: nullableIsoDateTime,
  message_type: z.string(),
  note: z.string(),
  author_reference: z.string(),
  case_uid: z.uuid().nullable(),
  case: z.object({ case_mkey: z.string(), job_type: z.string() }).nullable(),
  case_collection_uid: z.uuid().nullable(),
  collection: z.object({ collection_id: z.number().int() }).nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationListSchema = z.array(notificationSchema);

export const notificationActions = ['acknowledge', 'dismiss', 'ignore'] as const;
export type NotificationAction = (typeof notificationActions)[number];

export const notificationTexts = {
  none: 'No Notifications',
  popup: 'You have a new notification',
  actionedConfirm: 'Are you sure you have actioned this message?',
  ignoreConfirm: 'Are you sure you want to ignore this message?',
  notFound: 'Notification not found',
  cannotIgnore: 'Only a notification that expires can be ignored',
} as const;

/** Informational notifications expire after 7 days (domain-decisions). */
export const notificationLifetimeMs = 7 * 24 * 3_600_000;
