import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, authMessages } from '@lab/domain';
import type { StaffActor } from '../auth/actor';
import { findStaffByAccessToken, findStaffBySessionCookie } from '../auth/sessions';
import type { Db } from '../db/client';

/**
 * Who may call a route. Every route declares one in `config.access`; registration fails without it
 * and a test walks the live route table.
 * - public: anyone (sign-in page, version, configuration)
 * - staff: a signed-in employee (Bearer token on /api, the session cookie on pages)
 * - portal: a client's portal key in the path, reaching exactly its own collection
 * - partner: an outsource share key in the path, reaching exactly its own outsource
 * - one-time: a single-use file link
 */
export const accessClasses = ['public', 'staff', 'portal', 'partner', 'one-time'] as const;
export type AccessClass = (typeof accessClasses)[number];

// Declaration merging with Fastify's own types needs interfaces here.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessClass;
    /** Pages send the browser to sign in instead of answering 401. */
    signInRedirect?: boolean;
    /**
     * The bearer token may also come as `?access_token=`: only for the event stream, because EventSource
     * cannot send an Authorization header. Tokens in URLs reach logs, so nothing else allows it.
     */
    tokenInQuery?: boolean;
  }
  interface FastifyRequest {
    actor: StaffActor | null;
  }
  interface FastifyInstance {
    routeAccessTable: { method: string; url: string; access: AccessClass | undefined }[];
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/** The signed-in employee of a staff route; the access hook guarantees one is there. */
export const requireActor = (request: FastifyRequest): StaffActor => {
  if (!request.actor) throw new AppError('unauthenticated', { message: authMessages.invalidToken });
  return request.actor;
};

const bearerToken = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
};

/** The bearer token of a staff API request: the header, or `?access_token=` where the route allows it. */
export const accessTokenOf = (request: FastifyRequest): string | null => {
  const header = bearerToken(request);
  if (header || !request.routeOptions.config.tokenInQuery) return header;
  const value = (request.query as Record<string, unknown> | undefined)?.access_token;
  return typeof value === 'string' && value !== '' ? value : null;
};

export const signInUrlFor = (request: FastifyRequest, error?: string): string => {
  const params = new URLSearchParams({ next: request.url });
  if (error) params.set('error', error);
  return `/oauth2/authorize/?${params.toString()}`;
};

export const accessPlugin = fp(async (app: FastifyInstance, options: { db: Db }) => {
  app.decorateRequest('actor', null);
  app.decorate('routeAccessTable', []);

  app.addHook('onRoute', (route: RouteOptions) => {
    const access = route.config?.access;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) app.routeAccessTable.push({ method, url: route.url, access });
    if (!access || !accessClasses.includes(access)) {
      throw new Error(`Route ${methods.join(',')} ${route.url} declares no access class`);
    }
  });

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const config = request.routeOptions.config;
    // Unmatched URLs reach the 404 handler, which needs no access check.
    if (!request.routeOptions.url) return;
    if (config.access !== 'staff') return;
    if (config.signInRedirect) {
      request.actor = await findStaffBySessionCookie(options.db, request);
      if (!request.actor) return reply.redirect(signInUrlFor(request), 303);
      return;
    }
    const token = accessTokenOf(request);
    request.actor = token ? await findStaffByAccessToken(options.db, token) : null;
    if (!request.actor) throw new AppError('unauthenticated', { message: authMessages.invalidToken });
  });
});
