import { AppError, invoiceDocumentMessages, type AccountingExportQuery } from '@lab/domain';
import type { StaffActor } from '../../../auth/actor';
import type { Queryable } from '../../../db/client';
import { accountingRows } from './accounting-layouts';
import { toCsv } from '../../../http/csv';
import { findExportInvoices } from './find-export-invoices';

// GET /api/v2/invoices/export/ (admin): the finalised invoices of the date range as the chosen accounting
// system's CSV import. Admin only, as finalising is (domain-decisions 'Roles'): it feeds the lab's books.

export const exportInvoices = async (
  db: Queryable,
  input: { actor: StaffActor; query: AccountingExportQuery },
): Promise<string> => {
  if (!input.actor.admin)
    throw new AppError('forbidden', { message: invoiceDocumentMessages.exportAdminOnly });
  const entries = await findExportInvoices(db, input.query);
  return toCsv(accountingRows(input.query.format, entries));
};
