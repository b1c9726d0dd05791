import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientSearchResultSchema, collectionSearchResultSchema, keywordSearchSchema } from '@lab/domain';
import type { Db } from '../../db/client';
import { sendCheckedJson } from '../../http/checked-json';
import { searchClients } from './client-search';
import { findActiveCollections, searchCollections } from './collection-search';
import { createSearchIndexes, searchIndexesBuilt } from './search-indexes';
import type { RealtimeBus } from '../../realtime/realtime-bus';

const searchResultsSchema = z.array(collectionSearchResultSchema);

export const registerSearchRoutes = (app: FastifyInstance, deps: { db: Db; realtime: RealtimeBus }): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const indexes = createSearchIndexes(db, deps.realtime, app.log);
  // The server answers once the indexes are built (about 5 s at a million collections), so the first
  // searches are as quick as the rest; a build that fails only leaves search to the database.
  app.addHook('onReady', () => searchIndexesBuilt(indexes));

  api.post(
    '/api/v2/collections/',
    {
      config: { access: 'staff', permission: 'work_on_cases' },
      schema: { body: keywordSearchSchema, response: { 200: searchResultsSchema } },
    },
    // Every window's search box: 100 rows serialised without zod (http/checked-json.ts).
    async (request, reply) =>
      sendCheckedJson(
        request,
        reply,
        searchResultsSchema,
        await searchCollections(db, request.body.keyword, indexes),
      ),
  );

  api.get(
    '/api/v2/collections/active/',
    { config: { access: 'staff' }, schema: { response: { 200: z.array(collectionSearchResultSchema) } } },
    async () => findActiveCollections(db),
  );

  api.post(
    '/api/v2/client/search/',
    {
      config: { access: 'staff', permission: 'work_on_cases' },
      schema: { body: keywordSearchSchema, response: { 200: z.array(clientSearchResultSchema) } },
    },
    async (request) => searchClients(db, request.body.keyword),
  );
};
