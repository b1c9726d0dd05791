import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientSearchResultSchema, collectionSearchResultSchema, keywordSearchSchema } from '@lab/domain';
import type { Db } from '../../db/client';
import { searchClients } from './client-search';
import { findActiveCollections, searchCollections } from './collection-search';

export const registerSearchRoutes = (app: FastifyInstance, deps: { db: Db }): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  api.post(
    '/api/v2/collections/',
    {
      config: { access: 'staff' },
      schema: { body: keywordSearchSchema, response: { 200: z.array(collectionSearchResultSchema) } },
    },
    async (request) => searchCollections(db, request.body.keyword),
  );

  api.get(
    '/api/v2/collections/active/',
    { config: { access: 'staff' }, schema: { response: { 200: z.array(collectionSearchResultSchema) } } },
    async () => findActiveCollections(db),
  );

  api.post(
    '/api/v2/client/search/',
    {
      config: { access: 'staff' },
      schema: { body: keywordSearchSchema, response: { 200: z.array(clientSearchResultSchema) } },
    },
    async (request) => searchClients(db, request.body.keyword),
  );
};
