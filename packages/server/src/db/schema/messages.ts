import { messageDirections, messageVisibilities } from '@lab/domain';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { approvals } from './approvals';
import { cases } from './cases';
import { clients } from './clients';
import { collections } from './collections';
import { oneOf, timestamptz } from './columns';
import { files } from './files';
import { outsources } from './outsourcing';
import { message_types } from './reference';
import { users } from './users';

// A note or message on a collection, case, approval or outsource job, or on the client record
// (CLIENT_NOTE: client_uid set, no collection, shown on all that client's collections). visibility is
// fixed at creation from the type (and CLIENTS for anything that came in from the client).
export const messages = pgTable(
  'messages',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    client_uid: uuid('client_uid').references(() => clients.uid, { onDelete: 'cascade' }),
    case_collection_uid: uuid('case_collection_uid').references(() => collections.uid, {
      onDelete: 'cascade',
    }),
    case_uid: uuid('case_uid').references(() => cases.uid, { onDelete: 'cascade' }),
    approval_uid: uuid('approval_uid').references(() => approvals.uid, { onDelete: 'set null' }),
    outsource_uid: uuid('outsource_uid').references(() => outsources.uid, { onDelete: 'set null' }),
    message_type: text('message_type')
      .notNull()
      .references(() => message_types.code, { onDelete: 'restrict' }),
    visibility: text('visibility').notNull(),
    // Display names; the ids say who when it is an employee (the server sets them, never the body).
    author_reference: text('author_reference').notNull(),
    author_user_id: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    // Blank for a department-wide design/production/lab message.
    recipient_reference: text('recipient_reference'),
    recipient_user_id: integer('recipient_user_id').references(() => users.id, { onDelete: 'set null' }),
    direction: text('direction').notNull(),
    note: text('note').notNull(),
    // Only ALERTING_MESSAGE and CUSTOMER_SERVICE_NOTE are resolvable; open ones show alerts.
    resolvable: boolean('resolvable').notNull().default(false),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    resolved_at: timestamptz('resolved_at'),
    resolved_by_id: integer('resolved_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('messages_collection_idx').on(t.case_collection_uid, t.created_at),
    index('messages_case_idx').on(t.case_uid),
    index('messages_client_idx').on(t.client_uid),
    index('messages_approval_idx').on(t.approval_uid),
    index('messages_outsource_idx').on(t.outsource_uid),
    index('messages_open_alerts_idx')
      .on(t.case_collection_uid)
      .where(sql`resolvable AND resolved_at IS NULL`),
    // A case card's alert flag: a case with thousands of notes holds few alerts, never resolved ones.
    index('messages_case_open_alerts_idx')
      .on(t.case_uid)
      .where(sql`message_type = 'ALERTING_MESSAGE' AND resolved_at IS NULL`),
    check('messages_visibility_check', oneOf(t.visibility, messageVisibilities)),
    check('messages_direction_check', oneOf(t.direction, messageDirections)),
    check('messages_owner_check', sql`${t.client_uid} IS NOT NULL OR ${t.case_collection_uid} IS NOT NULL`),
  ],
);

// A file attached to a message. file_id moves to the blurred copy when an attachment is blurred and back
// on restore; file_name is the name shown.
export const message_attachments = pgTable(
  'message_attachments',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    message_uid: uuid('message_uid')
      .notNull()
      .references(() => messages.uid, { onDelete: 'cascade' }),
    file_id: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    file_name: text('file_name').notNull(),
  },
  (t) => [
    index('message_attachments_message_idx').on(t.message_uid),
    index('message_attachments_file_idx').on(t.file_id),
  ],
);

// Which employee read which message, and when (read_receipts.read_by).
export const message_read_receipts = pgTable(
  'message_read_receipts',
  {
    message_uid: uuid('message_uid')
      .notNull()
      .references(() => messages.uid, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    read_at: timestamptz('read_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.message_uid, t.user_id] }),
    index('message_read_receipts_user_idx').on(t.user_id),
  ],
);

// The client's read of a message through the portal (message_seen); one reader, so one row per message.
export const message_portal_reads = pgTable('message_portal_reads', {
  message_uid: uuid('message_uid')
    .primaryKey()
    .references(() => messages.uid, { onDelete: 'cascade' }),
  read_at: timestamptz('read_at').notNull().defaultNow(),
});
