import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
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
import { pickSlip } from './pick-slip';

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
};
