import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import {
  AppError,
  authMessages,
  permissionRefusal,
  restrictedSystemRefusal,
  type ActionPermission,
  type RestrictedSystem,
  type Permission,
} from '@lab/domain';
import type { Actor, ClientActor, PartnerActor, StaffActor } from '../auth/actor';
import { findStaffByAccessToken, findStaffBySessionCookie } from '../auth/sessions';
import { createTokenCache } from '../auth/token-cache';
import type { Db } from '../db/client';
import type { RealtimeBus } from '../realtime/realtime-bus';
import { applyLinkHeaders } from './link-headers';

/**
 * Who may call a route. Every route declares one in `config.access`; registration fails without it
 * and a test walks the live route table.
 * - public: anyone (sign-in page, version, configuration)
 * - staff: a signed-in employee (Bearer token on /api, the session cookie on pages and the event stream)
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
     * The employee is known by the session cookie instead of a bearer token, answering 401 without one:
     * the event stream, because EventSource sends the page's cookies but no Authorization header (a
     * token in its URL would reach logs and history). The cookie is SameSite=Lax, so another site's
     * page cannot open the stream as the user.
     */
    sessionCookie?: boolean;
    /**
     * A document a page opens in a new tab (an invoice PDF, the accounting CSV): the bearer token when the
     * request carries one, else the session cookie the tab sends. Read-only routes only (SameSite=Lax).
     */
    cookieOrToken?: boolean;
    /**
     * What a staff write needs of the employee (domain rules/permissions.ts), checked with the access:
     * refused with 403 and the permission's reason before the body is read. `per_action`: the route
     * looks its action up and checks it itself (the case and collection action routes). Every staff
     * write route names one; registration fails without it.
     */
    permission?: Permission | 'per_action';
    /** The spec's own words for this route's refusal, where it has them (else the permission's reason). */
    refusal?: string;
    /** Data of a restricted system: restricted employees are refused it, reads included. */
    restrictedSystem?: RestrictedSystem;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    routeAccessTable: {
      method: string;
      url: string;
      access: AccessClass | undefined;
      permission: Permission | 'per_action' | undefined;
      refusal: string | undefined;
      restrictedSystem: RestrictedSystem | undefined;
    }[];
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/** The signed-in employee of a staff route; the access hook guarantees one is there. */
export const requireActor = (request: FastifyRequest): StaffActor => {
  if (request.actor?.kind !== 'staff') {
    throw new AppError('unauthenticated', { message: authMessages.invalidToken });
  }
  return request.actor;
};

/** The client of a portal route; the access hook resolved the key to exactly one collection. */
export const requireClient = (request: FastifyRequest): ClientActor => {
  if (request.actor?.kind !== 'client') throw new Error('a portal route ran without its client');
  return request.actor;
};

/** The partner of a partner route; the access hook resolved the share key to exactly one started job. */
export const requirePartner = (request: FastifyRequest): PartnerActor => {
  if (request.actor?.kind !== 'partner') throw new Error('a partner route ran without its partner');
  return request.actor;
};

const bearerToken = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
};

export const signInUrlFor = (request: FastifyRequest, error?: string): string => {
  const params = new URLSearchParams({ next: request.url });
  if (error) params.set('error', error);
  return `/oauth2/authorize/?${params.toString()}`;
};

/**
 * Turns the capability key of a portal or partner route into its actor, or throws (404 for a key that
 * reaches nothing, 429 past the guessing limit). Each module that owns a key kind plugs one in.
 */
export type KeyResolver = (request: FastifyRequest) => Promise<Actor>;
export type KeyResolvers = Partial<Record<'portal' | 'partner', KeyResolver>>;

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The 403 of an employee the route's permission leaves out, else undefined. */
const permissionRefusalOf = (request: FastifyRequest): AppError | undefined => {
  const { permission, refusal, restrictedSystem } = request.routeOptions.config;
  const actor = request.actor;
  if (actor?.kind !== 'staff') return undefined;
  const systemRefusal = restrictedSystem ? restrictedSystemRefusal(actor, restrictedSystem) : null;
  if (systemRefusal) return new AppError('forbidden', { message: systemRefusal });
  if (!permission || permission === 'per_action') return undefined;
  const reason = permissionRefusal(actor, permission);
  return reason === null ? undefined : new AppError('forbidden', { message: refusal ?? reason });
};

/** For routes that check per action: throws the 403 of `needed` when the employee lacks it. */
export const requirePermission = (actor: StaffActor, needed: ActionPermission): void => {
  const permission = typeof needed === 'string' ? needed : needed.permission;
  const reason = permissionRefusal(actor, permission);
  if (reason === null) return;
  throw new AppError('forbidden', { message: typeof needed === 'string' ? reason : needed.refusal });
};

/**
 * The preValidation of a `per_action` route: what the action its body names needs, checked before its
 * schema, so a refused employee meets the refusal rather than the body's field errors.
 */
export const checkActionPermissions =
  (needs: (body: unknown) => readonly ActionPermission[]) =>
  async (request: FastifyRequest): Promise<void> => {
    const actor = requireActor(request);
    for (const needed of needs(request.body)) requirePermission(actor, needed);
  };

export const accessPlugin = fp(
  async (
    app: FastifyInstance,
    // With the app's realtime bus, verified bearer tokens are cached in the process (auth/token-cache.ts).
    options: { db: Db; keyResolvers?: KeyResolvers; realtime?: RealtimeBus },
  ) => {
    const tokens = options.realtime ? createTokenCache(options.db, options.realtime) : null;
    const findStaff = (token: string) =>
      tokens ? tokens.findStaff(token) : findStaffByAccessToken(options.db, token);
    app.decorateRequest('actor', null);
    app.decorate('routeAccessTable', []);

    app.addHook('onRoute', (route: RouteOptions) => {
      const access = route.config?.access;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const { permission, refusal, restrictedSystem } = route.config ?? {};
      for (const method of methods) {
        app.routeAccessTable.push({ method, url: route.url, access, permission, refusal, restrictedSystem });
      }
      if (!access || !accessClasses.includes(access)) {
        throw new Error(`Route ${methods.join(',')} ${route.url} declares no access class`);
      }
      if (access === 'staff' && methods.some((m) => writeMethods.has(m)) && !route.config?.permission) {
        throw new Error(`Staff write route ${methods.join(',')} ${route.url} names no permission`);
      }
    });

    const refuseUnknownToken = () => new AppError('unauthenticated', { message: authMessages.invalidToken });

    // Every way in but a bearer token: a capability key, the session cookie, or none where one is needed.
    const checkAccess = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      const config = request.routeOptions.config;
      if (config.access === 'portal' || config.access === 'partner') {
        // Set first, so refusals carry them too: the key is in the URL.
        applyLinkHeaders(reply);
        const resolve = options.keyResolvers?.[config.access];
        if (!resolve) throw new Error(`No key resolver for ${config.access} routes`);
        request.actor = await resolve(request);
        return;
      }
      if (config.signInRedirect || config.sessionCookie) {
        request.actor = await findStaffBySessionCookie(options.db, request);
        if (request.actor) return;
        if (config.signInRedirect) return void reply.redirect(signInUrlFor(request), 303);
        throw new AppError('unauthenticated', { message: authMessages.notLoggedIn });
      }
      if (config.cookieOrToken) {
        request.actor = await findStaffBySessionCookie(options.db, request);
        if (request.actor) return;
        throw new AppError('unauthenticated', { message: authMessages.notLoggedIn });
      }
      throw refuseUnknownToken();
    };

    // A callback hook, not an async one: every request passes here, and a poll's kept token then answers
    // without a promise or a later tick (an async hook costs both on every request, public ones too).
    app.addHook(
      'onRequest',
      (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
        const config = request.routeOptions.config;
        // Unmatched URLs reach the 404 handler, which needs no access check.
        if (!request.routeOptions.url || config.access === 'public' || config.access === 'one-time') {
          return done();
        }
        const isBearerRoute = config.access === 'staff' && !config.signInRedirect && !config.sessionCookie;
        const token = isBearerRoute ? bearerToken(request) : null;
        if (!token) {
          checkAccess(request, reply).then(() => done(permissionRefusalOf(request)), done);
          return;
        }
        const settle = (actor: StaffActor | null) => {
          request.actor = actor;
          done(actor ? permissionRefusalOf(request) : refuseUnknownToken());
        };
        const found = findStaff(token);
        if (found instanceof Promise) found.then(settle, done);
        else settle(found);
      },
    );
  },
);
