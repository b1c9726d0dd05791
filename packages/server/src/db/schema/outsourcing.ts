import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { branches } from './branches';
import { cases } from './cases';
import { oneOf, timestamptz } from './columns';
import { partners } from './partners';
import { users } from './users';

// Work on a case sent to a partner lab. Preemptive (planned) while start is null; started when start is
// set; ended when end is set. Shown status: Complete (end), Review (marked_as_completed), Overdue
// (overdue_reminder), In Progress (partner_status IN_PROGRESS), else Not Started.
export const outsources = pgTable(
  'outsources',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid('uid').notNull().unique().defaultRandom(),
    case_uid: uuid('case_uid')
      .notNull()
      .references(() => cases.uid, { onDelete: 'cascade' }),
    partner_id: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'restrict' }),
    start: timestamptz('start'),
    end: timestamptz('end'),
    // The due time given when starting.
    expected_return: timestamptz('expected_return'),
    // When the partner marked the job completed on its page (a timestamp, so it also says when).
    marked_as_completed: timestamptz('marked_as_completed'),
    // Stamped when the due-soon (4 business hours before) and overdue notifications went out: once each.
    due_soon_reminder: timestamptz('due_soon_reminder'),
    overdue_reminder: timestamptz('overdue_reminder'),
    // Partner-reported progress, e.g. IN_PROGRESS.
    partner_status: text('partner_status'),
    // The partner needs no files uploaded (e.g. physical work only).
    upload_not_required: boolean('upload_not_required').notNull().default(false),
    tracking_number: text('tracking_number'),
    // Capability key of the partner page, issued at start (≥128 random bits); regenerating revokes it.
    outsource_key: text('outsource_key').unique(),
    job_type: text('job_type'),
    // Where a physical job is shipped back to.
    returning_branch_id: integer('returning_branch_id').references(() => branches.id, {
      onDelete: 'set null',
    }),
    note: text('note'),
    // Extra e-mail addresses the partner mails go to.
    additional_recipients: jsonb('additional_recipients')
      .notNull()
      .default(sql`'[]'::jsonb`),
    created_by_id: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('outsources_case_idx').on(t.case_uid),
    index('outsources_partner_idx').on(t.partner_id),
    // The reminder job scans started, unended jobs by due time.
    index('outsources_open_due_idx')
      .on(t.expected_return)
      .where(sql`start IS NOT NULL AND "end" IS NULL`),
    check(
      'outsources_job_type_check',
      sql`${t.job_type} IS NULL OR ${oneOf(t.job_type, ['digital', 'physical'])}`,
    ),
  ],
);
