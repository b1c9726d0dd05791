import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { findStaffBySessionCookie } from '../auth/sessions';
import type { Db } from '../db/client';
import { requireActor } from '../http/access';
import { heartbeatIntervalMs, openEventStream, type EventStream } from './event-stream';
import type { RealtimeEvent } from './events';
import { createRealtimeHub } from './realtime-hub';

// GET /api/v2/stream: server-sent events that tell open pages to refetch at once (domain-decisions
// 'Realtime'); the spec's polling stays as the fallback.
//   event: ready         the stream is subscribed
//   event: notification  {notification_uid}: one of the signed-in employee's notifications changed
//   event: collection    {uid}: a collection (its cases, messages, …) changed
//   event: expired       the session ended (logout, expiry): the stream ends
// EventSource cannot send an Authorization header, so the stream knows the employee by the session
// cookie the page was opened with (`sessionCookie` in http/access.ts): no token in the URL. The session
// is checked again on every heartbeat, so a logout ends the stream within one heartbeat.

const eventFrame = (event: RealtimeEvent): [string, unknown] =>
  event.type === 'collection'
    ? ['collection', { uid: event.uid }]
    : ['notification', { notification_uid: event.notification_uid }];

export const registerRealtimeRoutes = (
  app: FastifyInstance,
  deps: { db: Db; heartbeatMs?: number },
): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const heartbeatMs = deps.heartbeatMs ?? heartbeatIntervalMs;
  const hub = createRealtimeHub(db, app.log);
  const openStreams = new Set<EventStream>();

  // Open streams never end by themselves: close them first, or closing the server would wait for them.
  app.addHook('preClose', async () => {
    for (const stream of openStreams) stream.end();
  });
  app.addHook('onClose', async () => {
    await hub.stop();
  });

  const streamRoute = {
    config: { access: 'staff' as const, sessionCookie: true },
    schema: { hide: true },
  };

  for (const url of ['/api/v2/stream', '/api/v2/stream/']) {
    api.get(url, streamRoute, async (request, reply) => {
      const actor = requireActor(request);
      await hub.ensureListening();
      reply.hijack();
      const stream = openEventStream(reply.raw);
      openStreams.add(stream);
      const unsubscribe = hub.subscribe({
        userId: actor.id,
        deliver: (event) => stream.send(...eventFrame(event)),
      });
      const checkSession = async (): Promise<void> => {
        stream.comment('heartbeat');
        if (stream.closed || (await findStaffBySessionCookie(db, request))) return;
        stream.send('expired', {});
        stream.end();
      };
      const heartbeat = setInterval(() => {
        checkSession().catch((error: unknown) =>
          request.log.warn({ err: error }, 'stream session check failed'),
        );
      }, heartbeatMs);
      stream.onClose(() => {
        clearInterval(heartbeat);
        unsubscribe();
        openStreams.delete(stream);
      });
      stream.send('ready', {});
    });
  }
};
