import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { repoRoot } from '../../config';
import { setLinkHeaders } from '../../http/link-headers';
import { registerOtherSystemPages } from './other-systems';

export const webDistDir = path.join(repoRoot, 'packages/web/dist');

/**
 * The built web app is served where the spec puts its pages. The collection and client pages need a
 * signed-in employee (else the browser goes to sign in); the hashed assets are public and cached for a year.
 */
export const registerPageRoutes = async (app: FastifyInstance, distDir: string): Promise<void> => {
  // preCompressed: the build writes a brotli-11 `.br` beside each asset and page (web vite.config.ts), sent
  // as it is to a browser that accepts br; the rest are compressed as they go (http/compression.ts).
  await app.register(fastifyStatic, { root: distDir, serve: false, preCompressed: true });

  const sendPage =
    (file: string, cacheControl = 'no-cache') =>
    (_request: unknown, reply: FastifyReply) => {
      if (!fs.existsSync(path.join(distDir, file))) {
        return reply.status(503).type('text/plain').send('The web app is not built yet: run npm run build');
      }
      // cacheControl: false, else @fastify/send replaces ours with 'public, max-age=0' (a portal page
      // with its key in the address must be no-store).
      return reply.header('Cache-Control', cacheControl).sendFile(file, { cacheControl: false });
    };

  app.get('/', { config: { access: 'public' } }, (_request, reply) =>
    reply.redirect('/static/v2/collection.html', 302),
  );
  app.get(
    '/static/v2/collection.html',
    { config: { access: 'staff', signInRedirect: true } },
    sendPage('collection.html'),
  );
  // The client page: ?id={Client ID} shows that client, no id the client search (the systems menu's
  // Clients entry). A fixed route, so it wins over the other systems' placeholder pages.
  app.get(
    '/static/v2/client.html',
    { config: { access: 'staff', signInRedirect: true } },
    sendPage('client.html'),
  );
  // The Production system (issue 14): the machine calendar. The Design, Finishing and Warehouse entries
  // of the systems menu ({system}.html) are one work-queue page that reads its bench from the address.
  app.get(
    '/static/v2/production.html',
    { config: { access: 'staff', signInRedirect: true } },
    sendPage('production.html'),
  );
  // The Check-in desk (issue 29): the systems menu's Checkin entry and the search view's Check-in button.
  app.get(
    '/clients/checkin',
    { config: { access: 'staff', signInRedirect: true } },
    sendPage('checkin.html'),
  );
  // Customer Service (issue 30): the lab-wide inbox of what clients wait on and what the lab waits on.
  app.get(
    '/static/v2/customer_service.html',
    { config: { access: 'staff', signInRedirect: true } },
    sendPage('customer_service.html'),
  );
  // Gauge MRP (issue 31): parts, lots and stock per branch. Restricted employees never reach it: the menu
  // hides it, its calls refuse them, and the page itself is not served to them.
  app.get(
    '/static/v2/gauge_manufacturing.html',
    { config: { access: 'staff', signInRedirect: true, restrictedSystem: 'Gauge MRP' } },
    sendPage('gauge_manufacturing.html'),
  );
  // Accounts (issue 32): the lab's billing desk; restricted employees are refused the page itself too.
  app.get(
    '/static/v2/accounts.html',
    { config: { access: 'staff', signInRedirect: true, restrictedSystem: 'Accounts' } },
    sendPage('accounts.html'),
  );
  for (const bench of ['design', 'finishing', 'warehouse']) {
    app.get(
      `/static/v2/${bench}.html`,
      { config: { access: 'staff', signInRedirect: true } },
      sendPage('work-queue.html'),
    );
  }
  // The portal is public: the key in its address is the client's identity, checked by each API call. The
  // page itself holds no data, but its address carries the key, so it answers with the link headers.
  app.get(
    '/static/v2/portal.html',
    { config: { access: 'public' }, onRequest: setLinkHeaders },
    sendPage('portal.html', 'no-store'),
  );
  // The partner page likewise: its address carries the outsource share key.
  app.get(
    '/static/v2/partner.html',
    { config: { access: 'public' }, onRequest: setLinkHeaders },
    sendPage('partner.html', 'no-store'),
  );
  app.get('/static/v2/assets/*', { config: { access: 'public' } }, (request, reply) => {
    const file = (request.params as { '*': string })['*'];
    return reply
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .sendFile(path.posix.join('assets', file), { cacheControl: false });
  });
  registerOtherSystemPages(app);
  app.get('/favicon.ico', { config: { access: 'public' } }, (_request, reply) => reply.status(204).send());
};
