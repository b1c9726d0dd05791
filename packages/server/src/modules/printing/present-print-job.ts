import {
  toIso,
  type PrintDocumentType,
  type PrintJob,
  type PrintBundle,
  type PrintJobStatus,
} from '@lab/domain';
import type { print_jobs } from '../../db/schema/index';

export const printJobPdfUrl = (id: number): string => `/api/v2/print_jobs/${id}/pdf/`;

export const presentPrintJob = (row: typeof print_jobs.$inferSelect & { case_mkey: string }): PrintJob => ({
  id: row.id,
  case_uid: row.case_uid,
  case_mkey: row.case_mkey,
  case_mkeys: row.case_mkeys,
  document_type: row.document_type as PrintDocumentType,
  bundle: row.bundle as PrintBundle,
  quantity: row.quantity,
  printer_id: row.printer_id,
  printer_name: row.printer_name,
  status: row.status as PrintJobStatus,
  tries: row.tries,
  error: row.error,
  pages: row.pages,
  requested_by: row.requested_by,
  created_at: toIso(row.created_at),
  sent_at: toIso(row.sent_at),
  pdf_url: printJobPdfUrl(row.id),
});
