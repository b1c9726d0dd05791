import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caseInvoicesSchema, itemOptionSetsSchema, legacyCaseIdParams } from '@lab/domain';
import type { Db } from '../../db/client';
import { registerAccountsRoutes } from './accounts/routes';
import { registerInvoiceDocumentRoutes } from './documents/routes';
import { findCaseInvoices } from './find-case-invoices';
import { findItemOptions } from './find-item-options';

// The Invoices view's reads (collection-views §7). The id is the legacy case id, parsed in the schema to
// null when it cannot name a case, which the service answers 404 'Case not found' like a missing one.
export const registerInvoicingRoutes = (app: FastifyInstance, deps: { db: Db }): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  api.get(
    '/api/cases/:case_id/invoicing/',
    {
      config: { access: 'staff', restrictedSystem: 'Accounts' },
      schema: { params: legacyCaseIdParams, response: { 200: caseInvoicesSchema } },
    },
    (request) => findCaseInvoices(db, request.params.case_id),
  );

  api.get(
    '/api/v2/case/:case_id/item_options/',
    {
      config: { access: 'staff', restrictedSystem: 'Accounts' },
      schema: { params: legacyCaseIdParams, response: { 200: itemOptionSetsSchema } },
    },
    (request) => findItemOptions(db, request.params.case_id),
  );

  registerInvoiceDocumentRoutes(app, { db });
  registerAccountsRoutes(app, { db });
};
