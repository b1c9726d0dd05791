import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { Negotiator } from '@fastify/accept-negotiator';
import { z } from 'zod';
import { AppError } from '@lab/domain';
import type { Db } from '../db/client';
import { communications } from '../db/schema/index';
import { requireActor } from '../http/access';
import type { LocalMailbox } from './local-mailbox';
import { renderMailboxPage } from './mailbox-page';
import { isTrackingKey, ownTarget } from './tracking';

// The tracking pixel and click redirect every e-mail carries (public: the key is the capability), and,
// only while mail goes to the in-process mailbox, a page of what was sent for administrators.

export const trackingMessages = {
  foreignTarget: 'This link does not lead to this site',
  mailboxForbidden: 'Only an administrator can read the development mailbox',
} as const;

// A transparent 1×1 GIF.
const pixel = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** The key is a capability: never cached, never passed on as a referrer, never indexed. */
const capabilityHeaders = (reply: FastifyReply): void => {
  void reply
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .header('X-Robots-Tag', 'noindex');
};

const mailboxAnswerSchema = z.object({
  messages: z.array(
    z.object({
      from: z.string(),
      to: z.array(z.string()),
      subject: z.string(),
      text: z.string(),
      html: z.string(),
      messageId: z.string(),
      receivedAt: z.string(),
    }),
  ),
});

// JSON first: a tie (`*/*`, no Accept) stays JSON; HTML only when the client prefers it (a browser tab).
const answerTypes = new Negotiator({ supportedValues: ['application/json', 'text/html'] });
const prefersHtml = (accept: string | undefined): boolean =>
  answerTypes.negotiate(accept?.toLowerCase() ?? '') === 'text/html';

/**
 * /api/ answers go without helmet's page headers (http/api-headers.ts), so this page brings its own CSP,
 * stricter than the app's: it loads nothing and runs no script, its one <style> tag aside.
 */
const pagePolicy =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

// A string payload skips the route's JSON serialiser (and its answer type).
const sendPage = (reply: FastifyReply, html: string): FastifyReply =>
  reply.header('Content-Security-Policy', pagePolicy).type('text/html; charset=utf-8').send(html);

export const registerMailRoutes = (
  app: FastifyInstance,
  deps: { db: Db; publicUrl: string; mailbox: LocalMailbox | null },
): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  const count = async (key: string, column: 'opens' | 'clicks'): Promise<void> => {
    if (!isTrackingKey(key)) return;
    const target = communications[column];
    await db
      .update(communications)
      .set({ [column]: sql`${target} + 1` })
      .where(sql`${communications.tracking_key} = ${key}`);
  };

  // The answer is the same GIF whether the key is known or not, so the pixel tells nothing about keys.
  api.get(
    '/t/o/:file',
    {
      config: { access: 'public' },
      // A HEAD (link previews, scanners) is not an open.
      exposeHeadRoute: false,
      schema: { params: z.object({ file: z.string().max(100) }) },
    },
    async (request, reply) => {
      capabilityHeaders(reply);
      const match = /^(.+)\.gif$/.exec(request.params.file);
      if (match?.[1]) await count(match[1], 'opens');
      // Mail clients show it from their own origin: helmet's same-origin default would block it.
      void reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
      return reply.type('image/gif').send(pixel);
    },
  );

  api.get(
    '/t/c/:key',
    {
      config: { access: 'public' },
      // A HEAD (link previews, scanners) is not a click.
      exposeHeadRoute: false,
      schema: {
        params: z.object({ key: z.string().max(100) }),
        querystring: z.object({ u: z.string().max(4000).optional() }),
      },
    },
    async (request, reply) => {
      capabilityHeaders(reply);
      const target = ownTarget(deps.publicUrl, request.query.u ?? '');
      if (!target) throw new AppError('validation_failed', { message: trackingMessages.foreignTarget });
      await count(request.params.key, 'clicks');
      return reply.redirect(target, 302);
    },
  );

  const { mailbox } = deps;
  if (!mailbox) return;
  api.get(
    '/api/dev/mailbox/',
    {
      // Opened in a tab of the admin's signed-in browser (the cookie), and read by tests and the e2e (a token).
      config: { access: 'staff', cookieOrToken: true },
      schema: { response: { 200: mailboxAnswerSchema } },
    },
    async (request, reply) => {
      if (!requireActor(request).admin) {
        throw new AppError('forbidden', { message: trackingMessages.mailboxForbidden });
      }
      // Newest first; the raw source stays out of the answer.
      const messages = mailbox
        .list()
        .reverse()
        .map(({ raw: _raw, ...mail }) => mail);
      // Mails carry capability links (portal and share keys).
      void reply.header('Cache-Control', 'no-store').header('Vary', 'Accept');
      if (prefersHtml(request.headers.accept)) return sendPage(reply, renderMailboxPage(messages));
      return { messages };
    },
  );
};
