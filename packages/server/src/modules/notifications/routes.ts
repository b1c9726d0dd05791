import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notificationActions, notificationListSchema, notificationSchema } from '@lab/domain';
import type { Db } from '../../db/client';
import { requireActor } from '../../http/access';
import { runNotificationAction } from './notification-actions';
import { listOpenNotifications } from './notification-queries';

// The bell (collection-views §7 'Notifications'): the list polled every 30 s, answered 304 when nothing
// changed, and the three actions. The spec writes the actions without a trailing slash; both forms work.

const notificationParams = z.object({ notification_uid: z.string() });

const etagOf = (body: unknown): string =>
  `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 32)}"`;

/** True when one of the If-None-Match tags (weak or strong) is the current one. */
const isUnchanged = (request: FastifyRequest, etag: string): boolean => {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
};

export const registerNotificationsRoutes = (app: FastifyInstance, deps: { db: Db }): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  api.get(
    '/api/v2/messages/notifications/',
    {
      config: { access: 'staff' },
      schema: { response: { 200: notificationListSchema, 304: z.null().describe('Not Modified') } },
    },
    async (request, reply) => {
      const list = await listOpenNotifications(db, requireActor(request).id);
      const etag = etagOf(list);
      // Per employee (the token), so never from a shared cache; always revalidated.
      void reply
        .header('ETag', etag)
        .header('Cache-Control', 'private, no-cache')
        .header('Vary', 'Authorization');
      if (isUnchanged(request, etag)) return reply.code(304).send(null);
      return list;
    },
  );

  for (const action of notificationActions) {
    for (const url of [
      `/api/v2/messages/notification/:notification_uid/${action}`,
      `/api/v2/messages/notification/:notification_uid/${action}/`,
    ]) {
      api.patch(
        url,
        {
          config: { access: 'staff' },
          schema: { params: notificationParams, response: { 200: notificationSchema } },
        },
        async (request) =>
          runNotificationAction(db, {
            rawUid: request.params.notification_uid,
            action,
            actor: requireActor(request),
          }),
      );
    }
  }
};
