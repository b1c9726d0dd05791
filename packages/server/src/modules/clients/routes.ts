import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addIdentificationSchema,
  clientCollectionsPageSchema,
  clientCollectionsQuerySchema,
  clientDetailsSchema,
  clientIdentificationListSchema,
  clientIdentificationSchema,
  clientParams,
  communicationListSchema,
  messageListSchema,
  referralSchema,
} from '@lab/domain';
import type { Db } from '../../db/client';
import { requireActor } from '../../http/access';
import { addIdentification } from './add-identification';
import { findClientCollections } from './client-collections';
import { findClientDetails } from './client-details';
import {
  listClientCommunications,
  listClientIdentifications,
  listClientNotes,
  listClientReferrals,
} from './client-lists';

// The client page's calls (all staff); {id} is the human Client ID.
export const registerClientsRoutes = (app: FastifyInstance, deps: { db: Db }): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const staff = { access: 'staff' } as const;

  api.get(
    '/api/v2/client/:id/',
    { config: staff, schema: { params: clientParams, response: { 200: clientDetailsSchema } } },
    async (request) => findClientDetails(db, request.params.id),
  );

  api.get(
    '/api/v2/client/:id/collections/',
    {
      config: staff,
      schema: {
        params: clientParams,
        querystring: clientCollectionsQuerySchema,
        response: { 200: clientCollectionsPageSchema },
      },
    },
    async (request) => findClientCollections(db, request.params.id, request.query),
  );

  api.get(
    '/api/v2/client/:id/notes/',
    { config: staff, schema: { params: clientParams, response: { 200: messageListSchema } } },
    async (request) => listClientNotes(db, request.params.id, requireActor(request).id),
  );

  api.get(
    '/api/v2/client/:id/communications/',
    { config: staff, schema: { params: clientParams, response: { 200: communicationListSchema } } },
    async (request) => listClientCommunications(db, request.params.id),
  );

  api.get(
    '/api/v2/client/:id/identifications/',
    { config: staff, schema: { params: clientParams, response: { 200: clientIdentificationListSchema } } },
    async (request) => listClientIdentifications(db, request.params.id),
  );

  api.post(
    '/api/v2/client/:id/identifications/',
    {
      config: { ...staff, permission: 'edit_collection_details' },
      schema: {
        params: clientParams,
        body: addIdentificationSchema,
        response: { 201: clientIdentificationSchema },
      },
    },
    async (request, reply) => {
      const added = await addIdentification(db, {
        rawId: request.params.id,
        body: request.body,
        actor: requireActor(request),
      });
      return reply.status(201).send(added);
    },
  );

  api.get(
    '/api/v2/client/:id/referrals/',
    { config: staff, schema: { params: clientParams, response: { 200: z.array(referralSchema) } } },
    async (request) => listClientReferrals(db, request.params.id),
  );
};
