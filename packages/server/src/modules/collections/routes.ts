import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  collectionActionAnswerSchema,
  collectionActionSchema,
  collectionParams,
  collectionSchema,
} from '@lab/domain';
import type { Db } from '../../db/client';
import { requireCollection } from './collection-queries';
import { runCollectionAction } from './list-actions';
import { loadCollection } from './load-collection';

export const registerCollectionsRoutes = (app: FastifyInstance, deps: { db: Db }): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  api.get(
    '/api/v2/collection/:uid/',
    {
      config: { access: 'staff' },
      schema: { params: collectionParams, response: { 200: collectionSchema } },
    },
    async (request) => loadCollection(db, request.params.uid),
  );

  api.post(
    '/api/v2/collection/:uid/',
    {
      config: { access: 'staff' },
      schema: {
        params: collectionParams,
        body: collectionActionSchema,
        response: { 200: collectionActionAnswerSchema },
      },
    },
    async (request) => {
      const collectionUid = await requireCollection(db, request.params.uid);
      return runCollectionAction(db, collectionUid, request.body);
    },
  );
};
