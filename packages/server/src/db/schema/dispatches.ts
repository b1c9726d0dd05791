import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { branches } from './branches';
import { cases } from './cases';
import { collections } from './collections';
import { money, timestamptz } from './columns';
import { users } from './users';

// A shipment of some of a collection's cases. shipping_address is a copy of the address at dispatch
// time (address_line_1, address_line_2, suburb, state, postcode, country) so later client edits do not
// rewrite history.
export const dispatches = pgTable(
  'dispatches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid('uid').notNull().unique().defaultRandom(),
    collection_uid: uuid('collection_uid')
      .notNull()
      .references(() => collections.uid, { onDelete: 'restrict' }),
    branch_id: integer('branch_id').references(() => branches.id, { onDelete: 'set null' }),
    courier: text('courier'),
    tracking_reference: text('tracking_reference'),
    shipping_address: jsonb('shipping_address').notNull(),
    dispatched_at: timestamptz('dispatched_at').notNull().defaultNow(),
    dispatched_by_id: integer('dispatched_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('dispatches_collection_idx').on(t.collection_uid, t.dispatched_at)],
);

// The cases in a dispatch (case_uids).
export const dispatch_cases = pgTable(
  'dispatch_cases',
  {
    dispatch_id: integer('dispatch_id')
      .notNull()
      .references(() => dispatches.id, { onDelete: 'cascade' }),
    case_uid: uuid('case_uid')
      .notNull()
      .references(() => cases.uid, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.dispatch_id, t.case_uid] }),
    index('dispatch_cases_case_idx').on(t.case_uid),
  ],
);

// The couriers a dispatch may name (seeded with the table's migration; editable later by admin). A
// dispatch keeps the courier's name, and its tracking link is built from the template of that name.
export const couriers = pgTable(
  'couriers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull().unique(),
    // The courier's public tracking page; {tracking} stands for the URL-encoded tracking reference.
    tracking_url_template: text('tracking_url_template').notNull(),
    sort: smallint('sort').notNull().default(0),
    is_active: boolean('is_active').notNull().default(true),
  },
  (t) => [
    check(
      'couriers_tracking_url_template_check',
      sql`${t.tracking_url_template} LIKE 'https://%{tracking}%'`,
    ),
  ],
);

// What a courier charges to carry an order from a branch (issue 32): added as the invoice's freight when a
// dispatch raises it, and kept on the Accounts page by admins.
export const courier_rates = pgTable(
  'courier_rates',
  {
    courier_id: integer('courier_id')
      .notNull()
      .references(() => couriers.id, { onDelete: 'cascade' }),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    freight: money('freight').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.courier_id, t.branch_id] }),
    check('courier_rates_freight_check', sql`${t.freight} >= 0`),
  ],
);
