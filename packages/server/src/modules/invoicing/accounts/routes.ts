import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountsInvoiceSchema,
  accountsInvoicesQuerySchema,
  accountsInvoicesSchema,
  balancesQuerySchema,
  balancesSchema,
  batchFinaliseBodySchema,
  batchFinaliseSchema,
  paymentBodySchema,
  statementQuerySchema,
  jobTypeParams,
  jobTypePriceBodySchema,
  priceBodySchema,
  priceParams,
  priceRowSchema,
  pricesQuerySchema,
  pricesSchema,
} from '@lab/domain';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { requireActor } from '../../../http/access';
import { labToday, loadBalances } from './balances';
import { finaliseBatch } from './finalise-batch';
import { listAccountsInvoices } from './list-invoices';
import { recordPayment } from './record-payment';
import { loadPrices, removePrice, setJobTypePrice, setPrice } from './prices';
import { loadStatement } from './statement';
import { renderStatementPdf } from '../documents/render-statement-pdf';

// The Accounts page's calls (issue 32): reads for every employee but the restricted; writes for
// administrators (permission 'administer'), as finalising is theirs (domain-decisions 'Roles').
export const registerAccountsRoutes = (app: FastifyInstance, deps: { db: Db }): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const read = { access: 'staff', restrictedSystem: 'Accounts' } as const;
  // A restricted employee is no administrator: 'administer' refuses them the writes too.
  const write = { access: 'staff', permission: 'administer' } as const;

  api.get(
    '/api/v2/accounts/invoices/',
    {
      config: read,
      schema: { querystring: accountsInvoicesQuerySchema, response: { 200: accountsInvoicesSchema } },
    },
    async (request) => listAccountsInvoices(db, request.query),
  );

  api.post(
    '/api/v2/accounts/invoices/finalise/',
    { config: write, schema: { body: batchFinaliseBodySchema, response: { 200: batchFinaliseSchema } } },
    async (request) =>
      finaliseBatch(db, { invoiceNumbers: request.body.invoice_numbers, actor: requireActor(request) }),
  );

  api.get(
    '/api/v2/accounts/balances/',
    { config: read, schema: { querystring: balancesQuerySchema, response: { 200: balancesSchema } } },
    async (request) => loadBalances(db, request.query.as_of ?? labToday()),
  );

  api.post(
    '/api/v2/accounts/payments/',
    { config: write, schema: { body: paymentBodySchema, response: { 200: accountsInvoiceSchema } } },
    async (request) => recordPayment(db, { body: request.body, actor: requireActor(request) }),
  );

  // A client's statement for a period, as a PDF (a link on the page: the session cookie suffices).
  api.get(
    '/api/v2/accounts/statement/',
    { config: { ...read, cookieOrToken: true }, schema: { querystring: statementQuerySchema } },
    async (request, reply) => {
      const document = await loadStatement(db, request.query);
      const pdf = await renderStatementPdf(document);
      const { client_id: clientId, from, to } = request.query;
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="statement-${clientId}-${from}-${to}.pdf"`)
        .send(pdf);
    },
  );

  // The price list: read by every employee but the restricted; set and removed by administrators.
  api.get(
    '/api/v2/accounts/prices/',
    { config: read, schema: { querystring: pricesQuerySchema, response: { 200: pricesSchema } } },
    async (request) => loadPrices(db, request.query),
  );

  api.post(
    '/api/v2/accounts/prices/',
    { config: write, schema: { body: priceBodySchema, response: { 200: priceRowSchema } } },
    async (request) => setPrice(db, { body: request.body, actor: requireActor(request) }),
  );

  api.delete(
    '/api/v2/accounts/prices/:price_id/',
    {
      config: write,
      schema: { params: priceParams, response: { 200: z.object({ removed: z.literal(true) }) } },
    },
    async (request) => {
      await removePrice(db, { id: request.params.price_id, actor: requireActor(request) });
      return { removed: true as const };
    },
  );

  api.patch(
    '/api/v2/accounts/job_types/:job_type_id/',
    {
      config: write,
      schema: {
        params: jobTypeParams,
        body: jobTypePriceBodySchema,
        response: { 200: z.object({ id: z.number().int(), name: z.string(), price: z.string().nullable() }) },
      },
    },
    async (request) =>
      setJobTypePrice(db, {
        jobTypeId: request.params.job_type_id,
        price: request.body.price,
        actor: requireActor(request),
      }),
  );
};
