import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { cases } from './cases';
import { implant_platforms, screws, tibases } from './catalogue';
import { timestamptz } from './columns';

// An implant position on a case. platform_id null = a pontic (no implant at that tooth). While
// using_default_* is on, screw_id/tibase_id hold the platform's default at the time it was chosen.
// Soft-deleted (deleted_at) so the implant audit can still name what was removed.
export const implants = pgTable(
  'implants',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    case_uid: uuid('case_uid')
      .notNull()
      .references(() => cases.uid, { onDelete: 'cascade' }),
    // FDI number (11-18, 21-28, 31-38, 41-48); other conventions are display only.
    tooth: smallint('tooth').notNull(),
    platform_id: integer('platform_id').references(() => implant_platforms.id, { onDelete: 'restrict' }),
    screw_id: integer('screw_id').references(() => screws.id, { onDelete: 'restrict' }),
    tibase_id: integer('tibase_id').references(() => tibases.id, { onDelete: 'restrict' }),
    biaxial: boolean('biaxial').notNull().default(false),
    engaging: boolean('engaging').notNull().default(false),
    using_default_screw: boolean('using_default_screw').notNull().default(true),
    using_default_tibase: boolean('using_default_tibase').notNull().default(true),
    // Tightening/measuring details recorded by design and metrology.
    screw_turns: numeric('screw_turns', { precision: 5, scale: 2 }),
    measuring_cylinder: text('measuring_cylinder'),
    measuring_cylinder_height: numeric('measuring_cylinder_height', { precision: 6, scale: 2 }),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    updated_at: timestamptz('updated_at').notNull().defaultNow(),
    deleted_at: timestamptz('deleted_at'),
  },
  (t) => [
    index('implants_case_idx')
      .on(t.case_uid)
      .where(sql`deleted_at IS NULL`),
    index('implants_platform_idx').on(t.platform_id),
    check('implants_tooth_check', sql`${t.tooth} / 10 BETWEEN 1 AND 4 AND ${t.tooth} % 10 BETWEEN 1 AND 8`),
    check(
      'implants_pontic_check',
      sql`${t.platform_id} IS NOT NULL OR (${t.screw_id} IS NULL AND ${t.tibase_id} IS NULL)`,
    ),
  ],
);
