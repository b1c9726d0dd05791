import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Config } from '../config';
import { isHttpsRequest } from './request-origin';

/**
 * helmet's page headers, as every page gets them over plain HTTP. The headers that mean something only
 * in a secure context are left out here and added per request (below): served over plain HTTP at a lab
 * host name (http://labserver:8080), Chromium would rewrite the sign-in form's POST to https under
 * `upgrade-insecure-requests`, HSTS would lock the host out of plain HTTP, and COOP and
 * Origin-Agent-Cluster are ignored with a console error on every page.
 */
export const helmetOptions = (): FastifyHelmetOptions => ({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // MUI (emotion) injects style tags at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      // Audio attachments play from the object URL of their one-time download.
      mediaSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'"],
      frameSrc: ["'self'", 'blob:'],
      workerSrc: ["'self'", 'blob:'],
      // null drops helmet's default directive; secure requests get it below.
      upgradeInsecureRequests: null,
    },
  },
  strictTransportSecurity: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  crossOriginEmbedderPolicy: false,
});

const hstsValue = 'max-age=31536000; includeSubDomains';

/**
 * The secure-context headers, on the pages helmet answered (those with a CSP), when the request came over
 * HTTPS (here, or to a proxy TRUST_PROXY trusts) or the deployment says users only ever reach it so
 * (COOKIE_SECURE, an https PUBLIC_URL, TLS served here). Registered after helmet, whose hooks set the
 * CSP first.
 */
export const registerSecureContextHeaders = (app: FastifyInstance, config: Pick<Config, 'isHttps'>): void => {
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const csp = reply.raw.getHeader('content-security-policy');
    if (typeof csp === 'string' && (config.isHttps || isHttpsRequest(request))) {
      reply.raw.setHeader('content-security-policy', `${csp};upgrade-insecure-requests`);
      reply.raw.setHeader('strict-transport-security', hstsValue);
      reply.raw.setHeader('cross-origin-opener-policy', 'same-origin');
      reply.raw.setHeader('origin-agent-cluster', '?1');
    }
    done();
  });
};
