import { orderingPlatforms, scanKinds } from '@lab/domain';
import { check, index, integer, jsonb, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { collections } from './collections';
import { oneOf, timestamptz } from './columns';
import { files } from './files';
import { job_types } from './reference';
import { users } from './users';

/**
 * A key an ordering platform signs its orders with (POST /api/v2/orders/). The secret is an HMAC key,
 * which the server needs to check a signature: it is kept encrypted (AES-256-GCM under
 * PLATFORM_KEY_SECRET), never hashed, and shown to the admin once (docs/decisions/2026-11-30-order-intake.md).
 */
export const ordering_platform_keys = pgTable(
  'ordering_platform_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    platform: text('platform').notNull(),
    // Public: sent beside each signature, so the server knows which secret to check it with.
    key_id: text('key_id').notNull().unique(),
    secret_ciphertext: text('secret_ciphertext').notNull(),
    label: text('label').notNull(),
    created_by_id: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    last_used_at: timestamptz('last_used_at'),
    revoked_at: timestamptz('revoked_at'),
    revoked_by_id: integer('revoked_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('ordering_platform_keys_platform_check', oneOf(t.platform, orderingPlatforms))],
);

/**
 * Each order a platform sent, by its own id: the same id again is the same collection. body_sha256
 * tells a re-sending of the same order from another order under a reused id.
 */
export const platform_orders = pgTable(
  'platform_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    platform: text('platform').notNull(),
    order_id: text('order_id').notNull(),
    body_sha256: text('body_sha256').notNull(),
    collection_uid: uuid('collection_uid')
      .notNull()
      .references(() => collections.uid, { onDelete: 'cascade' }),
    key_id: text('key_id').notNull(),
    received_at: timestamptz('received_at').notNull().defaultNow(),
  },
  (t) => [
    unique('platform_orders_platform_order_key').on(t.platform, t.order_id),
    index('platform_orders_collection_idx').on(t.collection_uid),
  ],
);

/** The scans a case of the job type needs at check-in (pre-flight); admins edit them per job type. */
export const job_type_required_files = pgTable(
  'job_type_required_files',
  {
    job_type_id: integer('job_type_id')
      .notNull()
      .references(() => job_types.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.job_type_id, t.kind] }),
    check('job_type_required_files_kind_check', oneOf(t.kind, scanKinds)),
  ],
);

/**
 * A scan's reading (facets, bounding box, sha256, …) or why it cannot be read, kept per file: a file's
 * bytes never change once received (a new upload is a new file), so it is read once.
 */
export const file_mesh_reports = pgTable('file_mesh_reports', {
  file_id: integer('file_id')
    .primaryKey()
    .references(() => files.id, { onDelete: 'cascade' }),
  report: jsonb('report').notNull(),
  analysed_at: timestamptz('analysed_at').notNull().defaultNow(),
});
