import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { streamPath, streamQuerySchema } from '@lab/domain';
import { findLiveSessionIds } from '../auth/sessions';
import type { Db } from '../db/client';
import { requireActor } from '../http/access';
import { heartbeatIntervalMs, openEventStream, type EventStream } from './event-stream';
import type { RealtimeEvent } from './events';
import { createRealtimeHub } from './realtime-hub';
import type { RealtimeBus } from './realtime-bus';

// GET /api/v2/stream: server-sent events that tell open pages to refetch at once (domain-decisions
// 'Realtime'); the spec's polling stays as the fallback.
//   event: ready         {version}: the stream is subscribed; the server's version (the update notice)
//   event: notification  {notification_uid}: one of the signed-in employee's notifications changed
//   event: collection    {uid}: a collection (its cases, messages, …) changed
//   event: file_lock     {uid}: a collection's file lock was taken, renewed or released
//   event: order_arrived {uid, branch_id}: a new order became a collection (only with `?intake=1`)
//   event: client_waiting {uid, branch_id}: a client wrote, or an inbox item was marked (only with
//                        `?customer_service=1`)
//   event: expired       the session ended (logout, expiry): the stream ends
// `?collections=uid,uid` names the collections the page shows: only their collection and file_lock
// frames come (an empty list: none). Without it, every collection's (pages loaded before it existed).
// `?intake=1` (the Check-in desk) adds new orders' frames, `?customer_service=1` (the Customer Service
// inbox) clients' messages: lab-wide topics no other page hears.
// EventSource cannot send an Authorization header, so the stream knows the employee by the session
// cookie the page was opened with (`sessionCookie` in http/access.ts): no token in the URL. A logout
// ends the session's streams at once in every process (`session_ended`); one heartbeat for all the
// open streams also checks all their sessions in one statement, so expiry ends them within one beat.

const reconnectAfterCloseMs = 1_000;

const eventFrame = (event: RealtimeEvent): [string, unknown] | null => {
  switch (event.type) {
    case 'collection':
      return ['collection', { uid: event.uid }];
    case 'file_lock':
      return ['file_lock', { uid: event.uid }];
    case 'order_arrived':
    case 'client_waiting':
      return [event.type, { uid: event.uid, branch_id: event.branch_id }];
    case 'notification':
      return ['notification', { notification_uid: event.notification_uid }];
    default:
      return null;
  }
};

export const registerRealtimeRoutes = (
  app: FastifyInstance,
  deps: { db: Db; realtime: RealtimeBus; version: string; heartbeatMs?: number },
): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const heartbeatMs = deps.heartbeatMs ?? heartbeatIntervalMs;
  const hub = createRealtimeHub(deps.realtime);
  const openStreams = new Set<EventStream>();
  let heartbeat: NodeJS.Timeout | null = null;

  const beat = async (): Promise<void> => {
    for (const stream of openStreams) stream.comment('heartbeat');
    const sessionIds = hub.sessionIds();
    const live = await findLiveSessionIds(db, sessionIds);
    hub.expireSessions(sessionIds.filter((id) => !live.has(id)));
  };
  // One timer for every open stream of the app, running only while there is one.
  const startHeartbeat = (): void => {
    heartbeat ??= setInterval(() => {
      beat().catch((error: unknown) => app.log.warn({ err: error }, 'stream heartbeat failed'));
    }, heartbeatMs);
  };
  const stopHeartbeatWhenIdle = (): void => {
    if (openStreams.size > 0 || !heartbeat) return;
    clearInterval(heartbeat);
    heartbeat = null;
  };

  // Open streams never end by themselves: close them first, or closing the server would wait for them.
  // The server is going away (a drain, lifecycle/drain.ts), so each browser is told to come back soon, to
  // another process behind the balancer or this one restarted; at random over 1–3 s, so that the windows
  // of a whole lab do not all connect in the same instant.
  let isClosing = false;
  const endForReconnect = (stream: EventStream): void =>
    stream.end({ retryMs: reconnectAfterCloseMs + Math.round(Math.random() * reconnectAfterCloseMs * 2) });
  app.addHook('preClose', async () => {
    isClosing = true;
    for (const stream of openStreams) endForReconnect(stream);
  });
  app.addHook('onClose', async () => {
    if (heartbeat) clearInterval(heartbeat);
    hub.stop();
  });

  const streamRoute = {
    config: { access: 'staff' as const, sessionCookie: true },
    schema: { hide: true, querystring: streamQuerySchema },
  };

  for (const url of [streamPath, `${streamPath}/`]) {
    api.get(url, streamRoute, async (request, reply) => {
      const actor = requireActor(request);
      reply.hijack();
      // An open stream is idle between events by design: no socket timeout may end it.
      request.raw.socket.setTimeout(0);
      request.raw.socket.setNoDelay(true);
      const stream = openEventStream(reply.raw);
      // Asked for on a connection still open while the app closes: it would hold the close up.
      if (isClosing) {
        endForReconnect(stream);
        return;
      }
      const unsubscribe = hub.subscribe({
        userId: actor.id,
        sessionId: actor.session_id,
        collectionUids: request.query.collections ?? null,
        topics: [
          ...(request.query.intake === true ? (['intake'] as const) : []),
          ...(request.query.customer_service === true ? (['customer_service'] as const) : []),
        ],
        deliver: (event) => {
          const frame = eventFrame(event);
          if (frame) stream.send(...frame);
        },
        expire: () => {
          stream.send('expired', {});
          stream.end();
        },
      });
      openStreams.add(stream);
      startHeartbeat();
      stream.onClose(() => {
        unsubscribe();
        openStreams.delete(stream);
        stopHeartbeatWhenIdle();
      });
      stream.send('ready', { version: deps.version });
    });
  }
};
