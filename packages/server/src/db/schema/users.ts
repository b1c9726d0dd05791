import { departments } from '@lab/domain';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { branches, printers } from './branches';
import { oneOf, timestamptz } from './columns';

// An employee. Usernames are unique case-insensitively (sign-in compares lower()); never hard-deleted.
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    first_name: text('first_name').notNull().default(''),
    last_name: text('last_name').notNull().default(''),
    email: text('email'),
    department: text('department').notNull(),
    // Sees and is offered work of every department, not only its own.
    all_departments: boolean('all_departments').notNull().default(false),
    admin: boolean('admin').notNull().default(false),
    // Hides the Accounts, Gauge MRP and Management systems in the navigation menu.
    restricted: boolean('restricted').notNull().default(false),
    // Staging users see a chip and do not see the file-lock bar.
    staging: boolean('staging').notNull().default(false),
    // Null for accounts that cannot sign in with a password.
    password_hash: text('password_hash'),
    // Home branch; user_main_branches lists every branch the employee works for.
    branch_id: integer('branch_id').references(() => branches.id, { onDelete: 'set null' }),
    is_active: boolean('is_active').notNull().default(true),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    updated_at: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    index('users_department_idx').on(t.department),
    check('users_department_check', oneOf(t.department, departments)),
  ],
);

// The employee's main_branches: department notifications go to the staff of the collection's branch.
export const user_main_branches = pgTable(
  'user_main_branches',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.branch_id] }),
    index('user_main_branches_branch_idx').on(t.branch_id),
  ],
);

// Printers the employee may print to (the printers list of GET /api/me/).
export const user_printers = pgTable(
  'user_printers',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    printer_id: integer('printer_id')
      .notNull()
      .references(() => printers.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.printer_id] }),
    index('user_printers_printer_idx').on(t.printer_id),
  ],
);
