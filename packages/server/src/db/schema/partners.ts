import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

// A partner lab work is outsourced to. adapter_type set = integrated (requests go through that adapter
// to base_url); null = manual (e-mail plus the share-key page). Adapter credentials live in config.
export const partners = pgTable(
  'partners',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull().unique(),
    adapter_type: text('adapter_type'),
    email: text('email'),
    base_url: text('base_url'),
    is_active: boolean('is_active').notNull().default(true),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('partners_adapter_type_check', sql`${t.adapter_type} IS NULL OR ${t.adapter_type} IN ('EVIDENT')`),
  ],
);
