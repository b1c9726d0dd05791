import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { cases } from './cases';
import { oneOf, timestamptz } from './columns';
import { job_types } from './reference';
import { users } from './users';

const checklistDepartments = ['ADMIN', 'DESIGN', 'MACHINING', 'POLISHING', 'WAREHOUSE'];

// A quality-control step copied onto new cases of a job type (job_type_id null = every job type).
export const checklist_templates = pgTable(
  'checklist_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    job_type_id: integer('job_type_id').references(() => job_types.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    department: text('department').notNull(),
    mandatory: boolean('mandatory').notNull().default(false),
    sort: smallint('sort').notNull().default(0),
    is_active: boolean('is_active').notNull().default(true),
  },
  (t) => [
    index('checklist_templates_job_type_idx').on(t.job_type_id),
    check('checklist_templates_department_check', oneOf(t.department, checklistDepartments)),
  ],
);

// One checklist item of a case: open, Done or Not Required (never both). name/department/mandatory are
// copied from the template so later template edits do not rewrite past checks.
export const checklist_items = pgTable(
  'checklist_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    case_uid: uuid('case_uid')
      .notNull()
      .references(() => cases.uid, { onDelete: 'cascade' }),
    template_id: integer('template_id').references(() => checklist_templates.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    department: text('department').notNull(),
    mandatory: boolean('mandatory').notNull().default(false),
    sort: smallint('sort').notNull().default(0),
    done: boolean('done').notNull().default(false),
    not_required: boolean('not_required').notNull().default(false),
    checked_at: timestamptz('checked_at'),
    checked_by_id: integer('checked_by_id').references(() => users.id, { onDelete: 'set null' }),
    checked_by_name: text('checked_by_name'),
  },
  (t) => [
    index('checklist_items_case_idx').on(t.case_uid),
    check('checklist_items_department_check', oneOf(t.department, checklistDepartments)),
    check('checklist_items_exclusive_check', sql`NOT (${t.done} AND ${t.not_required})`),
  ],
);
