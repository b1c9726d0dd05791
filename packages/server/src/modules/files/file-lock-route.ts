import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AppError,
  collectionEventQuery,
  collectionEventSchema,
  collectionMessages,
  collectionParams,
  toIso,
} from '@lab/domain';
import type { Db } from '../../db/client';
import { answerPrivateEtag } from '../../http/etag';
import { readFileLock } from './file-lock';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// The file-lock poll (collection-views §7: every 2 s while the window has focus). One indexed read; an
// unchanged answer is a 304 without a body.
export const registerFileLockRoutes = (app: FastifyInstance, deps: { db: Db }): void => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v2/event/:uid/',
    {
      config: { access: 'staff' },
      schema: {
        params: collectionParams,
        querystring: collectionEventQuery,
        response: { 200: collectionEventSchema, 304: z.null().describe('Not Modified') },
      },
    },
    async (request, reply) => {
      const notFound = new AppError('not_found', { message: collectionMessages.loadFailed });
      if (!uuidPattern.test(request.params.uid)) throw notFound;
      const lock = await readFileLock(deps.db, request.params.uid);
      if (!lock) throw notFound;
      const answer = { locked: lock.locked, locked_until: toIso(lock.locked_until) };
      if (answerPrivateEtag(request, reply, answer)) return reply.code(304).send(null);
      return answer;
    },
  );
};
