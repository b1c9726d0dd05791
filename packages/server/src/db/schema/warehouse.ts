import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { branches } from './branches';
import { cases } from './cases';
import { components } from './catalogue';
import { timestamptz } from './columns';
import { users } from './users';

// Stock on hand of a part at a branch (GET /api/v2/components/{branch}/{code}/soh/). Zero or less shows red.
export const component_stock = pgTable(
  'component_stock',
  {
    component_id: integer('component_id')
      .notNull()
      .references(() => components.id, { onDelete: 'cascade' }),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    // May go negative when picked before a delivery is booked in.
    quantity_on_hand: integer('quantity_on_hand').notNull().default(0),
    // Shelf/bin the part sits in.
    location: text('location'),
    updated_at: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.component_id, t.branch_id] }),
    index('component_stock_branch_idx').on(t.branch_id),
  ],
);

// A request to the warehouse to pick a case's parts. Items are a snapshot of the component lines and
// implant screws/ti-bases at request time; lot_numbers is a list, or a map of group to lot numbers.
export const picking_slips = pgTable(
  'picking_slips',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    case_uid: uuid('case_uid')
      .notNull()
      .references(() => cases.uid, { onDelete: 'cascade' }),
    requested_at: timestamptz('requested_at').notNull().defaultNow(),
    requested_by_id: integer('requested_by_id').references(() => users.id, { onDelete: 'set null' }),
    picked_at: timestamptz('picked_at'),
    picked_by_id: integer('picked_by_id').references(() => users.id, { onDelete: 'set null' }),
    lot_numbers: jsonb('lot_numbers'),
  },
  (t) => [
    index('picking_slips_case_idx').on(t.case_uid),
    index('picking_slips_unpicked_idx')
      .on(t.requested_at)
      .where(sql`picked_at IS NULL`),
  ],
);

// One line of a picking slip; code/type/description are copied so the slip reads the same later.
export const pick_items = pgTable(
  'pick_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    picking_slip_id: integer('picking_slip_id')
      .notNull()
      .references(() => picking_slips.id, { onDelete: 'cascade' }),
    component_id: integer('component_id').references(() => components.id, { onDelete: 'set null' }),
    code: text('code').notNull(),
    quantity: integer('quantity').notNull(),
    // attachment, analog, generic, screw, tibase, …
    type: text('type').notNull(),
    description: text('description').notNull().default(''),
  },
  (t) => [
    index('pick_items_slip_idx').on(t.picking_slip_id),
    check('pick_items_quantity_check', sql`${t.quantity} >= 1`),
  ],
);
