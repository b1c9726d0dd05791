import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findStaffByAccessToken } from '../auth/sessions';
import type { Db } from '../db/client';
import { accessTokenOf, requireActor } from '../http/access';
import { heartbeatIntervalMs, openEventStream, type EventStream } from './event-stream';
import type { RealtimeEvent } from './events';
import { createRealtimeHub } from './realtime-hub';

// GET /api/v2/stream: server-sent events that tell open pages to refetch at once (domain-decisions
// 'Realtime'); the spec's polling stays as the fallback.
//   event: ready         the stream is subscribed
//   event: notification  {notification_uid}: one of the signed-in employee's notifications changed
//   event: collection    {uid}: a collection (its cases, messages, …) changed
//   event: expired       the token or session ended: open a new stream with a fresh token
// EventSource cannot send an Authorization header, so this route (only this one) also takes the bearer
// token as ?access_token=. The token is checked again on every heartbeat, so a logout or an expired
// token ends the stream within one heartbeat.

const streamQuerySchema = z.object({ access_token: z.string().max(200).optional() });

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
    config: { access: 'staff' as const, tokenInQuery: true },
    // Request logs would show the token of the query string.
    logLevel: 'warn' as const,
    schema: { querystring: streamQuerySchema, hide: true },
  };

  for (const url of ['/api/v2/stream', '/api/v2/stream/']) {
    api.get(url, streamRoute, async (request, reply) => {
      const actor = requireActor(request);
      const token = accessTokenOf(request) ?? '';
      await hub.ensureListening();
      reply.hijack();
      const stream = openEventStream(reply.raw);
      openStreams.add(stream);
      const unsubscribe = hub.subscribe({
        userId: actor.id,
        deliver: (event) => stream.send(...eventFrame(event)),
      });
      const checkToken = async (): Promise<void> => {
        stream.comment('heartbeat');
        if (stream.closed || (await findStaffByAccessToken(db, token))) return;
        stream.send('expired', {});
        stream.end();
      };
      const heartbeat = setInterval(() => {
        checkToken().catch((error: unknown) => request.log.warn({ err: error }, 'stream token check failed'));
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
