import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  collectionParams,
  collectionSchema,
  courierAdminSchema,
  courierParams,
  courierPatchSchema,
  courierRateSchema,
  courierSchema,
  newCourierSchema,
  newDispatchSchema,
} from '@lab/domain';
import { sendCachedAnswer, serialiseAnswer } from '../../cache/cached-answer';
import { createReferenceCache } from '../../cache/reference-cache';
import type { Db } from '../../db/client';
import { requireActor } from '../../http/access';
import { jobNames, type JobName } from '../../jobs/job-names';
import type { RealtimeBus } from '../../realtime/realtime-bus';
import type { CaseEvents } from '../cases/kernel';
import { loadCollection } from '../collections/load-collection';
import { createDispatch } from './create-dispatch';
import { createCourier, listCourierAdmin, setCourierRate, updateCourier } from './courier-admin';
import { findCouriers } from './find-couriers';

// Dispatches (collection-views §2 'Dispatches view'): the couriers to choose from, and a new dispatch,
// answered with the collection (its dispatches and the moved cases) so the page takes it as it is.
export const registerDispatchesRoutes = (
  app: FastifyInstance,
  deps: { db: Db; jobs: { wake: (name: JobName) => void }; realtime: RealtimeBus; caseEvents: CaseEvents },
): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, jobs } = deps;

  // Couriers change rarely (the Accounts page); kept serialised in the process until one does.
  const courierList = z.array(courierSchema);
  const couriersCache = createReferenceCache<null>(deps.realtime, 'couriers');
  api.get(
    '/api/v2/dispatches/couriers/',
    { config: { access: 'staff' }, schema: { response: { 200: courierList } } },
    (request, reply) =>
      sendCachedAnswer(
        request,
        reply,
        couriersCache,
        null,
        async () => ({ value: serialiseAnswer(courierList, await findCouriers(db)) }),
        { perUser: false },
      ),
  );

  api.post(
    '/api/v2/collection/:uid/dispatches/',
    {
      config: { access: 'staff', permission: 'dispatch' },
      schema: { params: collectionParams, body: newDispatchSchema, response: { 201: collectionSchema } },
    },
    async (request, reply) => {
      const uid = await createDispatch(db, {
        rawUid: request.params.uid,
        body: request.body,
        actor: requireActor(request),
        events: deps.caseEvents,
      });
      jobs.wake(jobNames.dispatchEmail);
      return reply.status(201).send(await loadCollection(db, uid));
    },
  );

  // The couriers as the Accounts page keeps them (issue 32): read by every employee but the restricted,
  // changed by administrators.
  const accountsRead = { access: 'staff', restrictedSystem: 'Accounts' } as const;
  const adminWrite = { access: 'staff', permission: 'administer' } as const;
  api.get(
    '/api/v2/accounts/couriers/',
    { config: accountsRead, schema: { response: { 200: z.array(courierAdminSchema) } } },
    async () => listCourierAdmin(db),
  );
  api.post(
    '/api/v2/accounts/couriers/',
    { config: adminWrite, schema: { body: newCourierSchema, response: { 200: courierAdminSchema } } },
    async (request) => createCourier(db, { body: request.body, actor: requireActor(request) }),
  );
  api.patch(
    '/api/v2/accounts/couriers/:courier_id/',
    {
      config: adminWrite,
      schema: { params: courierParams, body: courierPatchSchema, response: { 200: courierAdminSchema } },
    },
    async (request) =>
      updateCourier(db, { id: request.params.courier_id, body: request.body, actor: requireActor(request) }),
  );
  api.put(
    '/api/v2/accounts/couriers/:courier_id/rates/',
    {
      config: adminWrite,
      schema: { params: courierParams, body: courierRateSchema, response: { 200: courierAdminSchema } },
    },
    async (request) =>
      setCourierRate(db, { id: request.params.courier_id, body: request.body, actor: requireActor(request) }),
  );
};
