import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { approvals } from './approvals';
import { cases } from './cases';
import { clients } from './clients';
import { collections } from './collections';
import { oneOf, timestamptz } from './columns';
import { messages } from './messages';
import { outsources } from './outsourcing';
import { users } from './users';

// A bell notification for one employee. Shown as new until delivered_at (acknowledged on display);
// then dismissed ('Actioned') or ignored (only when it expires). message_type/note/author_reference are
// copied so notifications that are not messages (e.g. outsource overdue) read the same way.
export const notifications = pgTable(
  'notifications',
  {
    notification_uid: uuid('notification_uid').primaryKey().defaultRandom(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message_uid: uuid('message_uid').references(() => messages.uid, { onDelete: 'cascade' }),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    // Informational notifications expire (7 days); null = stays until actioned.
    expires_at: timestamptz('expires_at'),
    delivered_at: timestamptz('delivered_at'),
    dismissed_at: timestamptz('dismissed_at'),
    ignored_at: timestamptz('ignored_at'),
    message_type: text('message_type').notNull(),
    note: text('note').notNull().default(''),
    author_reference: text('author_reference').notNull().default(''),
    case_uid: uuid('case_uid').references(() => cases.uid, { onDelete: 'cascade' }),
    case_collection_uid: uuid('case_collection_uid').references(() => collections.uid, {
      onDelete: 'cascade',
    }),
  },
  (t) => [
    index('notifications_user_open_idx')
      .on(t.user_id, t.created_at)
      .where(sql`dismissed_at IS NULL AND ignored_at IS NULL`),
    index('notifications_message_idx').on(t.message_uid),
    index('notifications_expires_idx').on(t.expires_at),
  ],
);

// An e-mail or push we sent (approval request/reminder, case received, outsource mails, …), shown in the
// communications log. opens/clicks come from our own tracking pixel and redirect links (tracking_key);
// response holds the provider's answer (per-device results for FCM).
export const communications = pgTable(
  'communications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid('uid').notNull().unique().defaultRandom(),
    communication_type: text('communication_type').notNull(),
    communication_provider: text('communication_provider').notNull(),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    sent_at: timestamptz('sent_at'),
    client_uid: uuid('client_uid').references(() => clients.uid, { onDelete: 'set null' }),
    case_collection_uid: uuid('case_collection_uid').references(() => collections.uid, {
      onDelete: 'cascade',
    }),
    case_uid: uuid('case_uid').references(() => cases.uid, { onDelete: 'cascade' }),
    approval_uid: uuid('approval_uid').references(() => approvals.uid, { onDelete: 'set null' }),
    outsource_uid: uuid('outsource_uid').references(() => outsources.uid, { onDelete: 'set null' }),
    // E-mail address(es) or the client whose devices were pushed to.
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    // queued, sent, delivered, bounced, failed …
    state: text('state').notNull().default('queued'),
    opens: integer('opens').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
    // Capability key in the pixel and redirect links (≥128 random bits).
    tracking_key: text('tracking_key').unique(),
    response: jsonb('response'),
    error: text('error'),
  },
  (t) => [
    index('communications_collection_idx').on(t.case_collection_uid, t.created_at),
    index('communications_case_idx').on(t.case_uid),
    index('communications_approval_idx').on(t.approval_uid),
    check('communications_provider_check', oneOf(t.communication_provider, ['EMAIL', 'FCM'])),
  ],
);

// A client's mobile app install that push messages (FCM) go to; identification is the device token.
export const push_devices = pgTable(
  'push_devices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    client_id: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    device_type: text('device_type').notNull(),
    identification: text('identification').notNull(),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    last_seen_at: timestamptz('last_seen_at'),
  },
  (t) => [
    unique('push_devices_identification_key').on(t.identification),
    index('push_devices_client_idx').on(t.client_id),
    check('push_devices_device_type_check', oneOf(t.device_type, ['android', 'ios'])),
  ],
);
