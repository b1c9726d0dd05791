import { machineProjectStatuses } from '@lab/domain';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { branches } from './branches';
import { oneOf, timestamptz } from './columns';
import { users } from './users';

// Production planning: machines, the projects (nests) cases are milled in, and calendar blocks.

// A mill or printer at a branch.
export const machines = pgTable(
  'machines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'restrict' }),
    // e.g. mill, printer, sinter; free text, shown only.
    kind: text('kind').notNull().default('mill'),
    is_active: boolean('is_active').notNull().default(true),
  },
  (t) => [index('machines_branch_idx').on(t.branch_id)],
);

// A machining project: a batch of cases (cases.machine_project_id) programmed and run together on one
// machine. Leaving production while it is not Complete needs forceUpdateStatus.
export const machine_projects = pgTable(
  'machine_projects',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    machine_id: integer('machine_id').references(() => machines.id, { onDelete: 'set null' }),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'restrict' }),
    // Calendar slot; null until placed on the machine calendar.
    start_time: timestamptz('start_time'),
    end_time: timestamptz('end_time'),
    status: text('status').notNull().default('Pending'),
    color: text('color'),
    created_by_id: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('machine_projects_machine_time_idx').on(t.machine_id, t.start_time),
    index('machine_projects_branch_idx').on(t.branch_id),
    check('machine_projects_status_check', oneOf(t.status, machineProjectStatuses)),
    check('machine_projects_time_check', sql`${t.end_time} IS NULL OR ${t.start_time} <= ${t.end_time}`),
  ],
);

// A reserved block on a machine's calendar that is not a project (maintenance, gauge runs, …).
export const machine_plans = pgTable(
  'machine_plans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    machine_id: integer('machine_id')
      .notNull()
      .references(() => machines.id, { onDelete: 'cascade' }),
    start_time: timestamptz('start_time').notNull(),
    end_time: timestamptz('end_time').notNull(),
    color: text('color'),
    created_by_id: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('machine_plans_machine_time_idx').on(t.machine_id, t.start_time),
    check('machine_plans_time_check', sql`${t.start_time} <= ${t.end_time}`),
  ],
);

// A run of scan gauges made on a machine (Gauge MRP), shown on the machine calendar.
export const scan_gauge_batches = pgTable(
  'scan_gauge_batches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    batch_key: text('batch_key').notNull().unique(),
    created_by_id: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    started_at: timestamptz('started_at').notNull(),
    duration_hours: numeric('duration_hours', { precision: 6, scale: 2 }).notNull(),
    machine_id: integer('machine_id').references(() => machines.id, { onDelete: 'set null' }),
    implant_reference_code: text('implant_reference_code').notNull(),
    implant_name: text('implant_name').notNull(),
  },
  (t) => [
    index('scan_gauge_batches_machine_idx').on(t.machine_id, t.started_at),
    check('scan_gauge_batches_duration_check', sql`${t.duration_hours} > 0`),
  ],
);
