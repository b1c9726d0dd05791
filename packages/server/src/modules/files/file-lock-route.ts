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
import { createAnswerCache, sendCachedAnswer, serialiseAnswer } from '../../cache/cached-answer';
import type { Db } from '../../db/client';
import type { RealtimeBus } from '../../realtime/realtime-bus';
import { readFileLock } from './file-lock';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Every take, renewal and release of a lease publishes `file_lock {uid}`; a lease ends by time, so a
// locked answer is kept only until the lease's end. The age limit bounds a change made behind the
// application's back.
const fileLockMaxAgeMs = 5 * 60_000;

// The file-lock poll (collection-views §7: every 2 s while the window has focus), kept per collection
// in the process: an unchanged answer is a 304 without a body and without the database.
export const registerFileLockRoutes = (
  app: FastifyInstance,
  deps: { db: Db; realtime: RealtimeBus },
): void => {
  const locks = createAnswerCache<string>({
    bus: deps.realtime,
    maxAgeMs: fileLockMaxAgeMs,
    staleAfter: (event) => (event.type === 'file_lock' ? [event.uid] : null),
  });
  const load = async (uid: string) => {
    const lock = await readFileLock(deps.db, uid);
    if (!lock) throw new AppError('not_found', { message: collectionMessages.loadFailed });
    const answer = { locked: lock.locked, locked_until: toIso(lock.locked_until) };
    return {
      value: serialiseAnswer(collectionEventSchema, answer),
      validUntil: lock.locked_until?.getTime(),
    };
  };

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
    (request, reply) => {
      if (!uuidPattern.test(request.params.uid)) {
        throw new AppError('not_found', { message: collectionMessages.loadFailed });
      }
      const uid = request.params.uid.toLowerCase();
      return sendCachedAnswer(request, reply, locks, uid, () => load(uid), { perUser: true });
    },
  );
};
