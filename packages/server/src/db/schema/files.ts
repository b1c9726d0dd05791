import { fileCategories } from '@lab/domain';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { cases } from './cases';
import { collections } from './collections';
import { oneOf, timestamptz } from './columns';
import { outsources } from './outsourcing';
import { partners } from './partners';
import { users } from './users';

// Every stored file, whatever uses it (case lists, approvals, messages, outsourcing, return files).
// storage_key is the generated name in storage; filename is the sanitised original, metadata only.
export const files = pgTable(
  'files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    // Public identity handed out by the file service (upload answer, oft_file_uid).
    uid: uuid('uid').notNull().unique().defaultRandom(),
    storage_key: text('storage_key').notNull().unique(),
    filename: text('filename').notNull(),
    content_type: text('content_type'),
    // Known once the upload completes.
    size_bytes: bigint('size_bytes', { mode: 'number' }),
    sha256: text('sha256'),
    file_category: text('file_category').notNull(),
    collection_uid: uuid('collection_uid').references(() => collections.uid, { onDelete: 'cascade' }),
    case_uid: uuid('case_uid').references(() => cases.uid, { onDelete: 'cascade' }),
    // The partner that received (outsource_sent_file) or produced (outsource_received_file) it.
    partner_id: integer('partner_id').references(() => partners.id, { onDelete: 'set null' }),
    // The job a partner's file came back on (outsource_received_file), or was sent for.
    outsource_uid: uuid('outsource_uid').references((): AnyPgColumn => outsources.uid, {
      onDelete: 'set null',
    }),
    uploaded_by_id: integer('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
    // Who uploaded when not an employee: the client (portal) or partner (share key) name.
    uploaded_by_reference: text('uploaded_by_reference'),
    added: timestamptz('added').notNull().defaultNow(),
    // Soft delete: the bytes stay for audit.
    deleted_at: timestamptz('deleted_at'),
    deleted_by_id: integer('deleted_by_id').references(() => users.id, { onDelete: 'set null' }),
    // A blurred copy points at its original. Lists hide an original while a live blurred copy exists;
    // restoring (admin or DESIGN) soft-deletes the copy, so the original shows again.
    blurred_from_file_id: integer('blurred_from_file_id').references((): AnyPgColumn => files.id, {
      onDelete: 'set null',
    }),
    // pending between the file service's upload answer and the PUT to the one-time link.
    upload_state: text('upload_state').notNull().default('complete'),
  },
  (t) => [
    index('files_case_category_idx')
      .on(t.case_uid, t.file_category)
      .where(sql`deleted_at IS NULL`),
    index('files_collection_idx')
      .on(t.collection_uid)
      .where(sql`deleted_at IS NULL`),
    index('files_blurred_from_idx').on(t.blurred_from_file_id),
    check('files_category_check', oneOf(t.file_category, fileCategories)),
    check('files_upload_state_check', oneOf(t.upload_state, ['pending', 'complete'])),
    check('files_size_check', sql`${t.size_bytes} IS NULL OR ${t.size_bytes} >= 0`),
  ],
);

// One-time upload/download links of the file service. Only the token's sha256 is stored; a link works
// once (used_at) and until expires_at (15 min); a second use answers 410.
export const file_links = pgTable(
  'file_links',
  {
    token_hash: text('token_hash').primaryKey(),
    file_id: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    expires_at: timestamptz('expires_at').notNull(),
    used_at: timestamptz('used_at'),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('file_links_file_idx').on(t.file_id),
    index('file_links_expires_idx').on(t.expires_at),
    check('file_links_purpose_check', oneOf(t.purpose, ['upload', 'download'])),
  ],
);

// Return files registered on a case (upload_return_file): the design output sent back with the case.
// oft_file_uid is the file service uid of the uploaded file; oft_file_name is kept as given.
export const case_return_files = pgTable(
  'case_return_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    case_uid: uuid('case_uid')
      .notNull()
      .references(() => cases.uid, { onDelete: 'cascade' }),
    oft_file_name: text('oft_file_name').notNull(),
    oft_file_uid: uuid('oft_file_uid').references(() => files.uid, { onDelete: 'set null' }),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    created_by_id: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('case_return_files_case_idx').on(t.case_uid)],
);
