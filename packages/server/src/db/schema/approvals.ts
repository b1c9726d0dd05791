import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { cases } from './cases';
import { timestamptz } from './columns';
import { files } from './files';
import { approval_types } from './reference';
import { users } from './users';

// A request for the client to approve a design. Status is derived: Cancelled (cancelled_at), else
// Approved (approved_at), else Changes Requested (changes_requested_at), else Pending. The case's
// approval_email_times are not stored here: they are the created_at of its APPROVAL_REQUEST /
// APPROVAL_REMINDER communications (communications.approval_uid).
export const approvals = pgTable(
  'approvals',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    case_uid: uuid('case_uid')
      .notNull()
      .references(() => cases.uid, { onDelete: 'cascade' }),
    approval_type: text('approval_type')
      .notNull()
      .references(() => approval_types.code, { onDelete: 'restrict' }),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    created_by_id: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    approval_due_at: timestamptz('approval_due_at').notNull(),
    approved_at: timestamptz('approved_at'),
    // The client's name when approved through the portal, else the employee's name (on the client's behalf).
    approved_by: text('approved_by'),
    approved_by_id: integer('approved_by_id').references(() => users.id, { onDelete: 'set null' }),
    cancelled_at: timestamptz('cancelled_at'),
    cancelled_by: text('cancelled_by'),
    cancelled_by_id: integer('cancelled_by_id').references(() => users.id, { onDelete: 'set null' }),
    // Portal request_changes / approve_with_changes: when and what the client asked for.
    changes_requested_at: timestamptz('changes_requested_at'),
    changes: text('changes'),
    send_reminders: boolean('send_reminders').notNull().default(false),
    reminder_interval_seconds: integer('reminder_interval_seconds').notNull().default(86400),
    // Null once reminders stop (answered, cancelled, reminders cancelled or 10 sent).
    next_reminder_due: timestamptz('next_reminder_due'),
    reminders_sent: integer('reminders_sent').notNull().default(0),
  },
  (t) => [
    index('approvals_case_idx').on(t.case_uid),
    index('approvals_next_reminder_idx')
      .on(t.next_reminder_due)
      .where(sql`next_reminder_due IS NOT NULL AND approved_at IS NULL AND cancelled_at IS NULL`),
    check('approvals_reminder_interval_check', sql`${t.reminder_interval_seconds} > 0`),
    check('approvals_reminders_sent_check', sql`${t.reminders_sent} >= 0`),
  ],
);

// Files shown on an approval card; the bytes are a files row (category approval_file).
export const approval_files = pgTable(
  'approval_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    approval_uid: uuid('approval_uid')
      .notNull()
      .references(() => approvals.uid, { onDelete: 'cascade' }),
    file_id: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    filename: text('filename').notNull(),
    added: timestamptz('added').notNull().defaultNow(),
    // DELETE /api/v2/approval/file/{id}/ is a soft delete (only while the approval is Pending).
    deleted_at: timestamptz('deleted_at'),
    deleted_by_id: integer('deleted_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('approval_files_approval_idx').on(t.approval_uid),
    index('approval_files_file_idx').on(t.file_id),
  ],
);
