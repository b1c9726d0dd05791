import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { cases } from './cases';
import { collections } from './collections';
import { timestamptz } from './columns';

// An order form as received from an ordering platform, kept verbatim in json_data (implants,
// upper/lower/preop options, basic information). case_uid null = it covers the whole collection.
export const order_forms = pgTable(
  'order_forms',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    collection_uid: uuid('collection_uid')
      .notNull()
      .references(() => collections.uid, { onDelete: 'cascade' }),
    case_uid: uuid('case_uid').references(() => cases.uid, { onDelete: 'set null' }),
    json_data: jsonb('json_data').notNull(),
    source_platform: text('source_platform'),
    // The platform's own id of the order, so a re-sent order is recognised and not stored twice.
    source_reference: text('source_reference'),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('order_forms_collection_idx').on(t.collection_uid),
    index('order_forms_case_idx').on(t.case_uid),
    index('order_forms_source_idx').on(t.source_platform, t.source_reference),
    check(
      'order_forms_source_platform_check',
      sql`${t.source_platform} IS NULL OR ${t.source_platform} IN ('oep', 'nexus_ios', 'nclab')`,
    ),
  ],
);
