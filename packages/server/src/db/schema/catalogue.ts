import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { branches } from './branches';
import { oneOf } from './columns';

// Parts the lab designs on and stocks. Platforms, screws and ti-bases are offered per fulfillment
// branch and client country through the *_availability tables (no row = not offered there).

// A stocked part with a warehouse code: scan bodies, healing caps, attachments, analogs, generic parts,
// and the stock identity of screws and ti-bases (their component_id), so stock and picking use one code.
export const components = pgTable(
  'components',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    // Free label shown in export and management: Scan Body, Healing Cap, Attachment, Analog, Generic, …
    component_type: text('component_type').notNull(),
    // Which component-line list (or catalogue) offers it.
    kind: text('kind').notNull(),
    is_disabled: boolean('is_disabled').notNull().default(false),
  },
  (t) => [
    index('components_kind_idx').on(t.kind),
    check('components_kind_check', oneOf(t.kind, ['attachment', 'analog', 'generic', 'screw', 'tibase'])),
  ],
);

// A prosthetic screw. component_id links it to its stocked part for stock on hand and pick lists.
export const screws = pgTable('screws', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  code: text('code').notNull().unique(),
  enabled: boolean('enabled').notNull().default(true),
  component_id: integer('component_id')
    .unique()
    .references(() => components.id, { onDelete: 'set null' }),
});

// A ti-base (titanium interface the restoration is bonded to); component_id as for screws.
export const tibases = pgTable('tibases', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  code: text('code').notNull().unique(),
  enabled: boolean('enabled').notNull().default(true),
  component_id: integer('component_id')
    .unique()
    .references(() => components.id, { onDelete: 'set null' }),
});

// An implant platform (e.g. Straumann BLT RC). to_tibase: restorations on it need a ti-base. The default
// screws and ti-base are what an implant uses while using_default_* is on.
export const implant_platforms = pgTable('implant_platforms', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  manufacturer: text('manufacturer').notNull().default(''),
  enabled: boolean('enabled').notNull().default(true),
  to_tibase: boolean('to_tibase').notNull().default(false),
  // Design-software library and scan body family, shown on the implant card.
  library_id: text('library_id'),
  scan_body_type: text('scan_body_type'),
  default_straight_screw_id: integer('default_straight_screw_id').references(() => screws.id, {
    onDelete: 'set null',
  }),
  default_biaxial_screw_id: integer('default_biaxial_screw_id').references(() => screws.id, {
    onDelete: 'set null',
  }),
  default_tibase_id: integer('default_tibase_id').references(() => tibases.id, { onDelete: 'set null' }),
});

const countryCheck = (name: string, column: AnyPgColumn) => check(name, sql`${column} ~ '^[A-Z]{2}$'`);

// Where a platform is offered: GET /api/v2/implant_platforms/{branch}/{country}/.
export const platform_availability = pgTable(
  'platform_availability',
  {
    platform_id: integer('platform_id')
      .notNull()
      .references(() => implant_platforms.id, { onDelete: 'cascade' }),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    country: text('country').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.branch_id, t.country, t.platform_id] }),
    index('platform_availability_platform_idx').on(t.platform_id),
    countryCheck('platform_availability_country_check', t.country),
  ],
);

// Where a screw is offered: GET /api/v2/components/screws/{branch}/{country}/.
export const screw_availability = pgTable(
  'screw_availability',
  {
    screw_id: integer('screw_id')
      .notNull()
      .references(() => screws.id, { onDelete: 'cascade' }),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    country: text('country').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.branch_id, t.country, t.screw_id] }),
    index('screw_availability_screw_idx').on(t.screw_id),
    countryCheck('screw_availability_country_check', t.country),
  ],
);

// Where a ti-base is offered: GET /api/v2/components/tibases/{branch}/{country}/.
export const tibase_availability = pgTable(
  'tibase_availability',
  {
    tibase_id: integer('tibase_id')
      .notNull()
      .references(() => tibases.id, { onDelete: 'cascade' }),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    country: text('country').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.branch_id, t.country, t.tibase_id] }),
    index('tibase_availability_tibase_idx').on(t.tibase_id),
    countryCheck('tibase_availability_country_check', t.country),
  ],
);

// Kits: scan gauge kits (a case's scan_gauge_kit_id), client gauge kits (the client's own gauges that came
// with a case) and pricing kits (billed per collection and dentate). implant_qty = implants the kit covers.
export const kits = pgTable(
  'kits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    implant_qty: integer('implant_qty').notNull().default(0),
    // Label of the kit's box, shown next to client gauge kits.
    kit_box_display: text('kit_box_display').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    check('kits_kind_check', oneOf(t.kind, ['SCAN_GAUGE', 'PRICING', 'CLIENT_GAUGE'])),
    check('kits_implant_qty_check', sql`${t.implant_qty} >= 0`),
  ],
);
