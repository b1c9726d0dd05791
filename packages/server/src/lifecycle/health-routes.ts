import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../db/client';
import type { JobRunner } from '../jobs/start-jobs';
import { closeGracefully } from './graceful-close';
import { createReadinessCheck } from './readiness';

// For a supervisor and a load balancer, outside the product's API (no /api/ prefix, no docs):
//   GET /healthz  200 {"status":"ok"}: the process is alive and answers (liveness)
//   GET /readyz   200 {"status":"ready"}, or 503 {"status":"not ready","reason":…}: send it requests or
//                 not (lifecycle/readiness.ts); "draining" from the moment it starts to stop
// Public (no secret in them), never cached: a cached "ready" would hide an outage.

const probeRoute = { config: { access: 'public' as const }, schema: { hide: true } };

const noStore = (reply: FastifyReply): FastifyReply => reply.header('Cache-Control', 'no-store');

export const registerHealthRoutes = (app: FastifyInstance, deps: { db: Db; jobs: JobRunner }): void => {
  const { isDraining } = closeGracefully(app, { jobs: deps.jobs });
  const checkReadiness = createReadinessCheck({ db: deps.db, jobs: deps.jobs, isDraining });
  let lastReason: string | null = null;

  app.get('/healthz', probeRoute, async (_request, reply) => noStore(reply).send({ status: 'ok' }));

  app.get('/readyz', probeRoute, async (_request, reply) => {
    const readiness = await checkReadiness();
    const reason = readiness.isReady ? null : readiness.reason;
    // Once per change, not once per probe: balancers ask every few seconds.
    if (reason !== lastReason) {
      if (reason) app.log.warn(`not ready: ${reason}`);
      else app.log.info('ready again');
      lastReason = reason;
    }
    if (reason === null) return noStore(reply).send({ status: 'ready' });
    return noStore(reply).code(503).send({ status: 'not ready', reason });
  });
};
