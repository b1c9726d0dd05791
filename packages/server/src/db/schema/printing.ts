import { maxPrintQuantity, printBundles, printDocumentTypes, printJobStatuses } from '@lab/domain';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { printers } from './branches';
import { cases } from './cases';
import { oneOf, timestamptz } from './columns';
import { users } from './users';

// One press of Print: the rendered PDF (in file storage), where it went and how that went. The printer's
// name and destination are copied, so the record reads the same after the printer is edited or deleted.
export const print_jobs = pgTable(
  'print_jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    case_uid: uuid('case_uid')
      .notNull()
      .references(() => cases.uid, { onDelete: 'cascade' }),
    // Every case key the document holds, the printed case first (its group too when bundle = all).
    case_mkeys: jsonb('case_mkeys').$type<string[]>().notNull(),
    document_type: text('document_type').notNull(),
    bundle: text('bundle').notNull(),
    // Copies rendered into the PDF (pages repeat), so a printer that ignores IPP `copies` prints them too.
    quantity: smallint('quantity').notNull(),
    pages: smallint('pages').notNull(),
    printer_id: integer('printer_id').references(() => printers.id, { onDelete: 'set null' }),
    printer_name: text('printer_name').notNull(),
    // The printer's address when printed (`pdf`: kept, nothing sent).
    destination: text('destination').notNull(),
    status: text('status').notNull(),
    // Sends attempted; `error` is the last failure's reason (kept after a later success for the record).
    tries: smallint('tries').notNull().default(0),
    error: text('error'),
    // The printer's own job id (IPP job-id) once it took the job.
    printer_job_id: integer('printer_job_id'),
    // The PDF in file storage (generated key; the bytes are never served from elsewhere).
    storage_key: text('storage_key').notNull(),
    pdf_size: integer('pdf_size').notNull(),
    pdf_sha256: text('pdf_sha256').notNull(),
    requested_by_id: integer('requested_by_id').references(() => users.id, { onDelete: 'set null' }),
    requested_by: text('requested_by').notNull(),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    sent_at: timestamptz('sent_at'),
    updated_at: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('print_jobs_case_idx').on(t.case_uid, t.created_at),
    index('print_jobs_queued_idx')
      .on(t.created_at)
      .where(sql`status = 'queued'`),
    check('print_jobs_document_type_check', oneOf(t.document_type, printDocumentTypes)),
    check('print_jobs_bundle_check', oneOf(t.bundle, printBundles)),
    check('print_jobs_status_check', oneOf(t.status, printJobStatuses)),
    check('print_jobs_quantity_check', sql`${t.quantity} BETWEEN 1 AND ${sql.raw(String(maxPrintQuantity))}`),
    check('print_jobs_tries_check', sql`${t.tries} >= 0`),
  ],
);
