import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AppError,
  authMessages,
  errorBodySchema,
  isAppError,
  meSchema,
  signInFormSchema,
  tokenSchema,
} from '@lab/domain';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { requireActor } from '../http/access';
import { findMe } from './me';
import { findUserForSignIn } from './users';
import { verifyPassword } from './passwords';
import {
  createSession,
  endSession,
  findStaffBySessionCookie,
  mintAccessToken,
  sessionCookieName,
} from './sessions';
import { assertSignInAllowed, clearSignInFailures, recordSignInFailure } from './sign-in-limits';
import { renderSignInPage, safeNextPath } from './sign-in-page';
import { isHttpsRequest } from '../http/request-origin';

const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store');

export const registerAuthRoutes = (app: FastifyInstance, deps: { db: Db; config: Config }): void => {
  const { db, config } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/oauth2/authorize/',
    {
      config: { access: 'public' },
      schema: {
        querystring: z.object({
          next: z.string().max(2048).optional(),
          error: z.string().max(200).optional(),
        }),
      },
    },
    async (request, reply) => {
      const page = renderSignInPage({ next: safeNextPath(request.query.next), error: request.query.error });
      return noStore(reply).type('text/html; charset=utf-8').send(page);
    },
  );

  api.post(
    '/oauth2/authorize/',
    { config: { access: 'public' }, schema: { body: signInFormSchema } },
    async (request, reply) => {
      const { username, password } = request.body;
      const next = safeNextPath(request.body.next);
      const showPage = (status: number, error: string) =>
        noStore(reply)
          .status(status)
          .type('text/html; charset=utf-8')
          .send(renderSignInPage({ next, error, username }));
      try {
        await assertSignInAllowed(db, config, request.ip, username);
      } catch (error) {
        if (!isAppError(error) || error.code !== 'rate_limited') throw error;
        reply.header('Retry-After', String(error.details?.retryAfterSeconds ?? 60));
        return showPage(429, error.message);
      }
      const user = await findUserForSignIn(db, username);
      const isValid = await verifyPassword(user?.password_hash ?? null, password);
      if (!user || !isValid) {
        await recordSignInFailure(db, request.ip, username);
        return showPage(401, authMessages.invalidCredentials);
      }
      await clearSignInFailures(db, username);
      const session = await createSession(db, {
        userId: user.id,
        ttlHours: config.sessionTtlHours,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      reply.setCookie(sessionCookieName, session.secret, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        // Over HTTPS (here or at a trusted proxy) the cookie never travels in clear text.
        secure: config.cookieSecure || isHttpsRequest(request),
        expires: session.expiresAt,
      });
      return noStore(reply).redirect(next, 303);
    },
  );

  api.get(
    '/oauth2/token/',
    { config: { access: 'public' }, schema: { response: { 200: tokenSchema, 401: errorBodySchema } } },
    async (request, reply) => {
      const actor = await findStaffBySessionCookie(db, request);
      if (!actor) throw new AppError('unauthenticated', { message: authMessages.notLoggedIn });
      return noStore(reply).send(await mintAccessToken(db, actor.session_id));
    },
  );

  api.get('/oauth2/logout/', { config: { access: 'public' } }, async (request, reply) => {
    const secret = request.cookies[sessionCookieName];
    if (secret) await endSession(db, secret);
    reply.clearCookie(sessionCookieName, { path: '/' });
    return noStore(reply).redirect('/oauth2/authorize/', 303);
  });

  api.get(
    '/api/me/',
    { config: { access: 'staff' }, schema: { response: { 200: meSchema } } },
    async (request) => findMe(db, requireActor(request), config.publicUrl),
  );
};
