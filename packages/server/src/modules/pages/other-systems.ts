import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

// The navigation menu links to the lab's other systems (collection-views §2). They are not part of this
// installation yet; a signed-in user who follows one gets a page that says so, with the way back. (Clients,
// Production, Check-in, Customer Service, Gauge MRP, Accounts and the Design, Finishing and Warehouse work
// queues are built: their pages have own routes.)
const otherSystems: Record<string, string> = {
  management: 'Management',
};

const renderNotAvailable = (title: string): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Lab Cases</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;background:#eef2f7;font-family:Roboto,'Segoe UI',Helvetica,Arial,sans-serif}
main{background:#fff;border-radius:8px;padding:32px;max-width:420px;box-shadow:0 2px 4px rgba(0,0,0,.12)}
h1{margin:0 0 8px;font-weight:500;color:#1565c0}a{color:#1976d2}</style></head>
<body><main><h1>${title}</h1><p>This system is not available in this installation yet.</p>
<p><a href="/static/v2/collection.html">Back to Cases</a></p></main></body></html>`;

export const registerOtherSystemPages = (app: FastifyInstance): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const page = { access: 'staff', signInRedirect: true } as const;
  api.get(
    '/static/v2/:system.html',
    { config: page, schema: { params: z.object({ system: z.string().max(40) }) } },
    (request, reply) => {
      const title = otherSystems[request.params.system];
      if (!title)
        return reply.status(404).type('text/html; charset=utf-8').send(renderNotAvailable('Not Found'));
      return reply.type('text/html; charset=utf-8').send(renderNotAvailable(title));
    },
  );
};
