import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AppError,
  gaugeMrpMessages,
  gaugeStockQuery,
  gaugeStockSchema,
  receiveStockSchema,
  recallQuery,
  gaugeKitSchema,
  gaugeKitsQuery,
  kitParams,
  lendKitSchema,
  recallNotifySchema,
  recallRecordSchema,
  shortagesSchema,
  caseShortageParams,
  caseShortagesSchema,
  recallSchema,
  stockChangeAnswerSchema,
  writeOffStockSchema,
  pickedSlipAnswerSchema,
  pickingSlipParams,
  pickingSlipPickedSchema,
  stockAdjustmentSchema,
  stockOnHandSchema,
  stockMessages,
  stockParams,
} from '@lab/domain';
import type { Db } from '../../db/client';
import { requireActor } from '../../http/access';
import { adjustStock } from './adjust-stock';
import { findStock } from './find-stock';
import { findChosenBranch } from '../../db/chosen-branch';
import { pickSlip } from './pick-slip';
import { receiveStock } from './receive-stock';
import { lendKit, listKits, returnKit } from './kit-loans';
import { listRecalls, notifyRecall } from './notify-recall';
import { findRecall } from './recall';
import { recallCsv, recallFileName } from './recall-csv';
import { loadCaseShortages, loadShortages } from './shortages';
import { loadGaugeStock } from './stock-list';
import { writeOffStock } from './write-off-stock';

// Stock on hand (collection-views §7): every employee reads it (the implant card's chip); the warehouse
// adjusts it and records picked slips, which take their parts out of stock.
export const registerWarehouseRoutes = (app: FastifyInstance, deps: { db: Db }): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const stockAnswer = { response: { 200: stockOnHandSchema } };

  api.get(
    '/api/v2/components/:branch/:code/soh/',
    { config: { access: 'staff' }, schema: { params: stockParams, ...stockAnswer } },
    async (request) => findStock(db, request.params),
  );

  api.patch(
    '/api/v2/components/:branch/:code/soh/',
    {
      config: { access: 'staff', permission: 'stock', refusal: stockMessages.warehouseOnly },
      schema: { params: stockParams, body: stockAdjustmentSchema, ...stockAnswer },
    },
    async (request) =>
      adjustStock(db, { params: request.params, body: request.body, actor: requireActor(request) }),
  );

  api.post(
    '/api/v2/picking_slips/:id/picked/',
    {
      config: { access: 'staff', permission: 'stock', refusal: stockMessages.warehouseOnly },
      schema: {
        params: pickingSlipParams,
        body: pickingSlipPickedSchema,
        response: { 200: pickedSlipAnswerSchema },
      },
    },
    async (request) =>
      pickSlip(db, { rawSlipId: request.params.id, body: request.body, actor: requireActor(request) }),
  );

  // Gauge MRP (issue 31): the stock page of a branch, a delivery received with its lot, a write-off.
  // Reading is for every employee but the restricted; changing for the warehouse and administrators.
  api.get(
    '/api/v2/gauge_mrp/stock/',
    {
      config: { access: 'staff', restrictedSystem: 'Gauge MRP' },
      schema: { querystring: gaugeStockQuery, response: { 200: gaugeStockSchema } },
    },
    async (request) => {
      const actor = requireActor(request);
      const branch = await findChosenBranch(db, request.query.branch_id, actor.branch_id);
      if (!branch) throw new AppError('not_found', { message: gaugeMrpMessages.unknownBranch });
      return loadGaugeStock(db, { id: branch.id, name: branch.name });
    },
  );

  api.get(
    '/api/v2/gauge_mrp/shortages/',
    {
      config: { access: 'staff', restrictedSystem: 'Gauge MRP' },
      schema: { querystring: gaugeStockQuery, response: { 200: shortagesSchema } },
    },
    async (request) => {
      const actor = requireActor(request);
      const branch = await findChosenBranch(db, request.query.branch_id, actor.branch_id);
      if (!branch) throw new AppError('not_found', { message: gaugeMrpMessages.unknownBranch });
      return loadShortages(db, { id: branch.id, name: branch.name });
    },
  );

  // The implant card's mark (every employee: it is the case's own information, not Gauge MRP's page).
  api.get(
    '/api/v2/gauge_mrp/shortages/case/:case_uid/',
    {
      config: { access: 'staff' },
      schema: { params: caseShortageParams, response: { 200: caseShortagesSchema } },
    },
    async (request) => loadCaseShortages(db, request.params.case_uid),
  );

  const stockWrite = { access: 'staff', permission: 'stock' } as const;
  api.post(
    '/api/v2/gauge_mrp/stock/receive/',
    { config: stockWrite, schema: { body: receiveStockSchema, response: { 200: stockChangeAnswerSchema } } },
    async (request) => receiveStock(db, { body: request.body, actor: requireActor(request) }),
  );

  api.post(
    '/api/v2/gauge_mrp/stock/write_off/',
    { config: stockWrite, schema: { body: writeOffStockSchema, response: { 200: stockChangeAnswerSchema } } },
    async (request) => writeOffStock(db, { body: request.body, actor: requireActor(request) }),
  );

  // The recall (issue 31): which cases, patients and clients received a lot of an article.
  api.get(
    '/api/v2/recall/',
    {
      config: { access: 'staff', restrictedSystem: 'Gauge MRP' },
      schema: { querystring: recallQuery, response: { 200: recallSchema } },
    },
    async (request) => findRecall(db, request.query),
  );

  // The same list as a CSV download (a link on the page: the session cookie suffices).
  api.get(
    '/api/v2/recall/csv/',
    {
      config: { access: 'staff', cookieOrToken: true, restrictedSystem: 'Gauge MRP' },
      schema: { querystring: recallQuery },
    },
    async (request, reply) => {
      const recall = await findRecall(db, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${recallFileName(recall)}"`)
        .send(recallCsv(recall));
    },
  );

  // Tell the clients (portal and e-mail), keeping the recall on record; and the recalls on record.
  api.post(
    '/api/v2/recall/notify/',
    {
      config: stockWrite,
      schema: { body: recallNotifySchema, response: { 200: z.object({ recall: recallRecordSchema }) } },
    },
    async (request) => notifyRecall(db, { body: request.body, actor: requireActor(request) }),
  );

  api.get(
    '/api/v2/recalls/',
    {
      config: { access: 'staff', restrictedSystem: 'Gauge MRP' },
      schema: { response: { 200: z.array(recallRecordSchema) } },
    },
    async () => listRecalls(db),
  );

  // Scan-gauge kits: where each is (a client's page asks for the kits that client holds); lend, return.
  api.get(
    '/api/v2/gauge_mrp/kits/',
    {
      config: { access: 'staff', restrictedSystem: 'Gauge MRP' },
      schema: { querystring: gaugeKitsQuery, response: { 200: z.array(gaugeKitSchema) } },
    },
    async (request) =>
      listKits(db, request.query.client_id === undefined ? {} : { clientId: request.query.client_id }),
  );

  api.post(
    '/api/v2/gauge_mrp/kits/:kit_id/lend/',
    {
      config: stockWrite,
      schema: { params: kitParams, body: lendKitSchema, response: { 200: gaugeKitSchema } },
    },
    async (request) =>
      lendKit(db, { kitId: request.params.kit_id, body: request.body, actor: requireActor(request) }),
  );

  api.post(
    '/api/v2/gauge_mrp/kits/:kit_id/return/',
    { config: stockWrite, schema: { params: kitParams, response: { 200: gaugeKitSchema } } },
    async (request) => returnKit(db, { kitId: request.params.kit_id, actor: requireActor(request) }),
  );
};
