import { messageVisibilities, statusParents } from '@lab/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { money, oneOf, timestamptz } from './columns';
import { partners } from './partners';
import { users } from './users';

// Reference lists the screens load at start; seeded, editable later by admin.

// A case status. parent_name decides the case flags and department; the in_* / dispatch_ready flags pick
// which statuses the finishing selector and delegation lists offer.
export const statuses = pgTable(
  'statuses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    parent_name: text('parent_name').notNull(),
    description: text('description').notNull().default(''),
    in_design: boolean('in_design').notNull().default(false),
    in_production: boolean('in_production').notNull().default(false),
    in_finishing: boolean('in_finishing').notNull().default(false),
    dispatch_ready: boolean('dispatch_ready').notNull().default(false),
    sort: smallint('sort').notNull().default(0),
    is_active: boolean('is_active').notNull().default(true),
    // The name the client's portal shows for this status; null shows the status's own name.
    client_name: text('client_name'),
  },
  (t) => [
    unique('statuses_parent_name_key').on(t.parent_name, t.name),
    check('statuses_parent_name_check', oneOf(t.parent_name, statusParents)),
    check(
      'statuses_client_name_check',
      sql`${t.client_name} IS NULL OR length(btrim(${t.client_name})) BETWEEN 1 AND 80`,
    ),
  ],
);

// What a case makes. Its flags are copied onto each case at creation; the schedule profile (minimum
// business seconds and target share of the available time per stage) feeds the schedule maths.
export const job_types = pgTable(
  'job_types',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull().unique(),
    virtual_product: boolean('virtual_product').notNull().default(false),
    requires_return_file: boolean('requires_return_file').notNull().default(false),
    // e.g. Final Prosthesis (dispatch 3 weeks after final approval), Other.
    product_class: text('product_class').notNull().default('Other'),
    // Default unit price; price_list rows override it per country or client.
    price: money('price'),
    standard_turnaround_days: integer('standard_turnaround_days').notNull().default(10),
    min_metrology_seconds: integer('min_metrology_seconds').notNull().default(0),
    min_design_seconds: integer('min_design_seconds').notNull().default(0),
    min_machining_seconds: integer('min_machining_seconds').notNull().default(0),
    min_dispatch_seconds: integer('min_dispatch_seconds').notNull().default(0),
    ratio_metrology: numeric('ratio_metrology', { precision: 5, scale: 4 }).notNull().default('0'),
    ratio_design: numeric('ratio_design', { precision: 5, scale: 4 }).notNull().default('0'),
    ratio_machining: numeric('ratio_machining', { precision: 5, scale: 4 }).notNull().default('0'),
    ratio_dispatch: numeric('ratio_dispatch', { precision: 5, scale: 4 }).notNull().default('0'),
    // Job-type rule: a new case of this type gets a preemptive (not started) outsource to this partner.
    preemptive_partner_id: integer('preemptive_partner_id').references(() => partners.id, {
      onDelete: 'set null',
    }),
    is_active: boolean('is_active').notNull().default(true),
  },
  (t) => [
    check('job_types_turnaround_check', sql`${t.standard_turnaround_days} > 0`),
    check(
      'job_types_min_seconds_check',
      sql`${t.min_metrology_seconds} >= 0 AND ${t.min_design_seconds} >= 0 AND ${t.min_machining_seconds} >= 0 AND ${t.min_dispatch_seconds} >= 0`,
    ),
    // The ratios are shares of the available time; what they leave is buffer.
    check(
      'job_types_ratios_check',
      sql`${t.ratio_metrology} >= 0 AND ${t.ratio_design} >= 0 AND ${t.ratio_machining} >= 0 AND ${t.ratio_dispatch} >= 0 AND ${t.ratio_metrology} + ${t.ratio_design} + ${t.ratio_machining} + ${t.ratio_dispatch} <= 1`,
    ),
  ],
);

// Zirconia, Titanium, PMMA, CoCr, …
export const material_types = pgTable('material_types', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  is_active: boolean('is_active').notNull().default(true),
});

// A concrete material (brand/shade) of one type; choosing it sets the case's material type.
export const materials = pgTable(
  'materials',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    material_type_id: integer('material_type_id')
      .notNull()
      .references(() => material_types.id, { onDelete: 'restrict' }),
    is_active: boolean('is_active').notNull().default(true),
  },
  (t) => [unique('materials_type_name_key').on(t.material_type_id, t.name)],
);

// Message types by code; visibility is the default audience of messages of that type.
export const message_types = pgTable(
  'message_types',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    visibility: text('visibility').notNull(),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [check('message_types_visibility_check', oneOf(t.visibility, messageVisibilities))],
);

// Approval types by code. standard_due_seconds sets the default due time; voids_warranty marks the
// outside-envelope approval whose approval voids the case's warranty.
export const approval_types = pgTable(
  'approval_types',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    standard_due_seconds: integer('standard_due_seconds').notNull().default(86400),
    voids_warranty: boolean('voids_warranty').notNull().default(false),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [check('approval_types_due_check', sql`${t.standard_due_seconds} >= 1800`)],
);

// Collection-level order stage (selector on the components view), independent of case statuses.
export const order_stages = pgTable('order_stages', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  sort: smallint('sort').notNull().default(0),
});

// Values handed to the local helper app by key (POST /api/v2/key_value/): the custom-protocol link
// carries only the random key, the helper fetches the value. Rows expire.
export const key_value = pgTable(
  'key_value',
  {
    key: text('key').primaryKey(),
    value: text('value').notNull(),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    created_by_id: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    expires_at: timestamptz('expires_at'),
  },
  (t) => [index('key_value_expires_idx').on(t.expires_at)],
);
