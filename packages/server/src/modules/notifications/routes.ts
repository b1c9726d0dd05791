import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notificationActions, notificationListSchema, notificationSchema } from '@lab/domain';
import type { Db } from '../../db/client';
import { requireActor } from '../../http/access';
import { sendCachedAnswer } from '../../cache/cached-answer';
import type { RealtimeBus } from '../../realtime/realtime-bus';
import { createBellCache, loadBell } from './bell-cache';
import { runNotificationAction } from './notification-actions';

// The bell (collection-views §7 'Notifications'): the list polled every 30 s, kept per employee in the
// process (bell-cache.ts) and answered 304 when nothing changed, and the three actions. The spec writes
// the actions without a trailing slash; both forms work.

const notificationParams = z.object({ notification_uid: z.string() });

export const registerNotificationsRoutes = (
  app: FastifyInstance,
  deps: { db: Db; realtime: RealtimeBus },
): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, realtime } = deps;

  const bell = createBellCache(realtime);
  api.get(
    '/api/v2/messages/notifications/',
    {
      config: { access: 'staff' },
      schema: { response: { 200: notificationListSchema, 304: z.null().describe('Not Modified') } },
    },
    // Per employee (the token), so never from a shared cache; always revalidated.
    (request, reply) => {
      const userId = requireActor(request).id;
      return sendCachedAnswer(request, reply, bell, userId, () => loadBell(db, userId), { perUser: true });
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
          config: { access: 'staff', permission: 'work_on_cases' },
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
