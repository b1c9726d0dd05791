import { sql } from 'drizzle-orm';
import { stockMovementKinds } from '@lab/domain';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { branches } from './branches';
import { cases } from './cases';
import { components, kits } from './catalogue';
import { clients } from './clients';
import { oneOf, timestamptz } from './columns';
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
    // Gauge MRP flags the part when its available stock is at or under this (null: never).
    reorder_point: integer('reorder_point'),
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
    // Its lot numbers were placed on its lines (pick_lots); the warehouse job catches up older slips.
    lots_derived: boolean('lots_derived').notNull().default(false),
  },
  (t) => [
    index('picking_slips_case_idx').on(t.case_uid),
    index('picking_slips_lots_pending_idx')
      .on(t.id)
      .where(sql`picked_at IS NOT NULL AND NOT lots_derived`),
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

// A lot of a part received at a branch (Gauge MRP's Receive): what a recall names, with its expiry.
export const stock_lots = pgTable(
  'stock_lots',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    component_id: integer('component_id')
      .notNull()
      .references(() => components.id, { onDelete: 'cascade' }),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    lot: text('lot').notNull(),
    expires_on: date('expires_on', { mode: 'string' }),
    received_at: timestamptz('received_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stock_lots_part_lot_idx').on(t.component_id, t.branch_id, t.lot),
    index('stock_lots_lot_idx').on(t.lot),
  ],
);

// The stock ledger: every change to component_stock.quantity_on_hand, written in the same transaction,
// so the row always equals the sum of its movements (the opening row carries a balance from before).
export const stock_movements = pgTable(
  'stock_movements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    component_id: integer('component_id')
      .notNull()
      .references(() => components.id, { onDelete: 'cascade' }),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    // Signed: + in, − out.
    quantity: integer('quantity').notNull(),
    lot_id: integer('lot_id').references(() => stock_lots.id, { onDelete: 'set null' }),
    picking_slip_id: integer('picking_slip_id').references(() => picking_slips.id, { onDelete: 'set null' }),
    case_uid: uuid('case_uid').references(() => cases.uid, { onDelete: 'set null' }),
    reason: text('reason'),
    supplier_reference: text('supplier_reference'),
    at: timestamptz('at').notNull().defaultNow(),
    by_id: integer('by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('stock_movements_part_idx').on(t.component_id, t.branch_id, t.at),
    index('stock_movements_case_idx').on(t.case_uid),
    check('stock_movements_kind_check', oneOf(t.kind, stockMovementKinds)),
    check('stock_movements_quantity_check', sql`${t.quantity} <> 0 OR ${t.kind} = 'opening'`),
  ],
);

// Which lot went to which case, line by line (domain rules/stock/pick-lots.ts places a slip's lot numbers):
// what a recall reads. Tied to the received lot of the same part and branch when there is one.
export const pick_lots = pgTable(
  'pick_lots',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    picking_slip_id: integer('picking_slip_id')
      .notNull()
      .references(() => picking_slips.id, { onDelete: 'cascade' }),
    pick_item_id: integer('pick_item_id')
      .notNull()
      .references(() => pick_items.id, { onDelete: 'cascade' }),
    case_uid: uuid('case_uid')
      .notNull()
      .references(() => cases.uid, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    lot: text('lot').notNull(),
    stock_lot_id: integer('stock_lot_id').references(() => stock_lots.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('pick_lots_lot_idx').on(sql`lower(${t.lot})`, sql`lower(${t.code})`),
    index('pick_lots_slip_idx').on(t.picking_slip_id),
    index('pick_lots_case_idx').on(t.case_uid),
  ],
);

// A recall the lab acted on (Gauge MRP): the notice, who told the clients and when; re-run by its article
// and lot, and shown in the recall's history.
export const recalls = pgTable('recalls', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  article: text('article').notNull(),
  lot: text('lot').notNull(),
  notice_reference: text('notice_reference').notNull(),
  message: text('message').notNull(),
  case_count: integer('case_count').notNull(),
  notified_by_id: integer('notified_by_id').references(() => users.id, { onDelete: 'set null' }),
  notified_at: timestamptz('notified_at').notNull().defaultNow(),
});

// The message each affected collection received for a recall (portal and e-mail).
export const recall_notices = pgTable(
  'recall_notices',
  {
    recall_id: integer('recall_id')
      .notNull()
      .references(() => recalls.id, { onDelete: 'cascade' }),
    collection_uid: uuid('collection_uid').notNull(),
    message_uid: uuid('message_uid').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.recall_id, t.collection_uid] }),
    index('recall_notices_collection_idx').on(t.collection_uid),
  ],
);

// A scan-gauge kit lent to a client (Gauge MRP): open until returned; a kit has one open loan at most.
export const kit_loans = pgTable(
  'kit_loans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kit_id: integer('kit_id')
      .notNull()
      .references(() => kits.id, { onDelete: 'cascade' }),
    client_id: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    lent_at: timestamptz('lent_at').notNull().defaultNow(),
    due_back_on: date('due_back_on', { mode: 'string' }),
    lent_by_id: integer('lent_by_id').references(() => users.id, { onDelete: 'set null' }),
    returned_at: timestamptz('returned_at'),
    returned_by_id: integer('returned_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('kit_loans_open_idx')
      .on(t.kit_id)
      .where(sql`returned_at IS NULL`),
    index('kit_loans_client_idx').on(t.client_id),
  ],
);
