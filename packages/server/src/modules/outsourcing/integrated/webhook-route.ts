import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@lab/domain';
import {
  checkWebhookSignature,
  evidentHeaders,
  evidentPaths,
  evidentWebhookEventSchema,
} from '../../../adapters/evident/protocol';
import type { Db } from '../../../db/client';
import { handleWebhookEvent } from './webhook-event';

// POST /api/v2/partners/evident/webhook/: the partner's status events. Public (the partner holds no
// session); the shared-secret HMAC over the timestamp and the exact bytes received is the credential,
// so the body is taken raw (a content-type parser of this route's own scope) and parsed only once the
// signature holds. A missing, wrong or stale signature is 401 and nothing is read or written.

export const webhookMessages = {
  badSignature: 'Invalid signature',
  badEvent: 'Invalid event',
} as const;

const webhookAnswerSchema = z.object({ outcome: z.enum(['accepted', 'replayed', 'ignored']) });

const headerOf = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

const parseEvent = (rawBody: Buffer) => {
  try {
    const parsed = evidentWebhookEventSchema.safeParse(JSON.parse(rawBody.toString('utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // Refused below.
  }
  throw new AppError('validation_failed', { message: webhookMessages.badEvent });
};

export const registerEvidentWebhookRoutes = async (
  app: FastifyInstance,
  deps: { db: Db; webhookSecret: string },
): Promise<void> => {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, body, done) => {
      done(null, body);
    });
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        evidentPaths.webhook,
        { config: { access: 'public' }, schema: { response: { 200: webhookAnswerSchema } } },
        async (request) => {
          const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const now = new Date();
          const check = checkWebhookSignature({
            secret: deps.webhookSecret,
            rawBody,
            signature: headerOf(request.headers[evidentHeaders.signature]),
            timestamp: headerOf(request.headers[evidentHeaders.timestamp]),
            now,
          });
          if (check !== 'valid') {
            request.log.warn({ check }, 'EVIDENT webhook refused');
            throw new AppError('unauthenticated', { message: webhookMessages.badSignature });
          }
          const outcome = await handleWebhookEvent(deps.db, parseEvent(rawBody), now);
          return { outcome };
        },
      );
  });
};
