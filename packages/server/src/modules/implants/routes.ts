import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  caseImplantsParams,
  implantBodySchema,
  implantParams,
  implantPatchSchema,
  implantSchema,
} from '@lab/domain';
import type { Db } from '../../db/client';
import { requireActor } from '../../http/access';
import { createImplant } from './create-implant';
import { deleteImplant } from './delete-implant';
import { findCaseImplants } from './find-implants';
import { loadImplantCase, requireMarket } from './load-implant';
import { patchImplant } from './patch-implant';
import { replaceImplant } from './update-implant';

// Implants of a case (case-workspace §7 'Implants'). Writes answer the implant as the list shows it;
// a delete answers 204.
export const registerImplantsRoutes = (app: FastifyInstance, deps: { db: Db }): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const collectionUrl = '/api/v2/case/:case_uid/implants/';
  const itemUrl = '/api/v2/case/:case_uid/implants/:implant_id/';

  api.get(
    collectionUrl,
    {
      config: { access: 'staff' },
      schema: { params: caseImplantsParams, response: { 200: z.array(implantSchema) } },
    },
    async (request) => {
      const caseUid = request.params.case_uid;
      const market = requireMarket(await loadImplantCase(db, caseUid));
      return findCaseImplants(db, { caseUid, market });
    },
  );

  api.post(
    collectionUrl,
    {
      config: { access: 'staff', permission: 'edit_implants' },
      schema: { params: caseImplantsParams, body: implantBodySchema, response: { 201: implantSchema } },
    },
    async (request, reply) => {
      const implant = await createImplant(db, {
        caseUid: request.params.case_uid,
        body: request.body,
        actor: requireActor(request),
      });
      return reply.status(201).send(implant);
    },
  );

  api.put(
    itemUrl,
    {
      config: { access: 'staff', permission: 'edit_implants' },
      schema: { params: implantParams, body: implantBodySchema, response: { 200: implantSchema } },
    },
    async (request) =>
      replaceImplant(db, {
        caseUid: request.params.case_uid,
        implantId: request.params.implant_id,
        body: request.body,
        actor: requireActor(request),
      }),
  );

  api.patch(
    itemUrl,
    {
      config: { access: 'staff', permission: 'edit_implants' },
      schema: { params: implantParams, body: implantPatchSchema, response: { 200: implantSchema } },
    },
    async (request) =>
      patchImplant(db, {
        caseUid: request.params.case_uid,
        implantId: request.params.implant_id,
        patch: request.body,
        actor: requireActor(request),
      }),
  );

  api.delete(
    itemUrl,
    { config: { access: 'staff', permission: 'edit_implants' }, schema: { params: implantParams } },
    async (request, reply) => {
      await deleteImplant(db, {
        caseUid: request.params.case_uid,
        implantId: request.params.implant_id,
        actor: requireActor(request),
      });
      return reply.status(204).send();
    },
  );
};
