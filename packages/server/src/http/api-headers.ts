import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
// Brings helmet's `helmet` route option into Fastify's route types.
import type {} from '@fastify/helmet';

const setApiHeaders = (
  _request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void => {
  void reply.header('X-Content-Type-Options', 'nosniff');
  void reply.header('Referrer-Policy', 'no-referrer');
  done();
};

/**
 * JSON answers of /api/ need only nosniff and no referrer; helmet's full set of page headers (CSP,
 * frame and origin policies) halves the throughput of small API answers, so pages keep helmet and the
 * API gets these two. Must be registered before helmet, whose onRoute hook reads `helmet: false`.
 */
export const useLightHeadersOnApi = (app: FastifyInstance): void => {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    route.helmet = false;
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [...existing, setApiHeaders];
  });
};
