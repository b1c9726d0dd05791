import { printTypes } from '@lab/domain';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, boolean } from 'drizzle-orm/pg-core';
import { oneOf, timestamptz } from './columns';

// A lab site. state and time_zone drive its business calendar (public holidays of that state).
export const branches = pgTable(
  'branches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull().unique(),
    code: text('code').notNull().unique(),
    country: text('country').notNull(),
    state: text('state'),
    time_zone: text('time_zone').notNull().default('Australia/Melbourne'),
    is_active: boolean('is_active').notNull().default(true),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [check('branches_country_check', sql`${t.country} ~ '^[A-Z]{2}$'`)],
);

// Days a branch is shut besides weekends and public holidays; they are not business time for the schedule.
export const branch_closures = pgTable(
  'branch_closures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    starts_on: date('starts_on').notNull(),
    ends_on: date('ends_on').notNull(),
    reason: text('reason'),
  },
  (t) => [
    index('branch_closures_branch_idx').on(t.branch_id, t.starts_on),
    check('branch_closures_range_check', sql`${t.ends_on} >= ${t.starts_on}`),
  ],
);

// A printer at a branch; print_type filters which documents it is offered for (receipt vs label).
export const printers = pgTable(
  'printers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    printer_name: text('printer_name').notNull(),
    print_type: text('print_type').notNull(),
    branch_id: integer('branch_id').references(() => branches.id, { onDelete: 'set null' }),
    // Where the print server sends jobs (a queue name or URI); null until configured.
    destination: text('destination'),
    is_active: boolean('is_active').notNull().default(true),
  },
  (t) => [
    index('printers_branch_idx').on(t.branch_id),
    check('printers_print_type_check', oneOf(t.print_type, printTypes)),
  ],
);
