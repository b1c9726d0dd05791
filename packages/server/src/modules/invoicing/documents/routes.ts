import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountingExportQuerySchema, invoiceNumberParams } from '@lab/domain';
import type { Db } from '../../../db/client';
import { requireActor } from '../../../http/access';
import { exportInvoices } from './export-invoices';
import { findInvoiceByNumber } from './find-invoice-by-number';
import { renderInvoicePdf } from './render-invoice-pdf';

// The invoice documents: an invoice as a PDF for any staff member, and the accounting export (CSV for
// Xero or QuickBooks Online) for admins only, as it hands the lab's whole billing to the books.
export const registerInvoiceDocumentRoutes = (app: FastifyInstance, deps: { db: Db }): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  api.get(
    '/api/v2/invoices/:invoice_number/pdf/',
    {
      config: { access: 'staff', cookieOrToken: true, restrictedSystem: 'Accounts' },
      schema: { params: invoiceNumberParams },
    },
    async (request, reply) => {
      const document = await findInvoiceByNumber(db, request.params.invoice_number);
      const pdf = await renderInvoicePdf(document);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="invoice-${document.invoice.invoice_number}.pdf"`)
        .send(pdf);
    },
  );

  api.get(
    '/api/v2/invoices/export/',
    {
      config: { access: 'staff', cookieOrToken: true, restrictedSystem: 'Accounts' },
      schema: { querystring: accountingExportQuerySchema },
    },
    async (request, reply) => {
      const { query } = request;
      const csv = await exportInvoices(db, { actor: requireActor(request), query });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="invoices-${query.format}-${query.from}-${query.to}.csv"`,
        )
        .send(csv);
    },
  );
};
