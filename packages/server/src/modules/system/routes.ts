import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { confSchema, versionSchema } from '@lab/domain';
import { serialiseAnswer } from '../../cache/cached-answer';
import type { Config } from '../../config';
import { requestOrigin } from '../../http/request-origin';

/** Configuration and version: public, read at start and polled by the update notice. */
export const registerSystemRoutes = (
  app: FastifyInstance,
  deps: { config: Config; version: string },
): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { config } = deps;
  // The addresses are the page's own origin: a lab PC at http://labserver:8080 uploads to that host, a
  // browser behind the proxy at https://cases.lab.local to that one.
  api.get(
    '/conf',
    { config: { access: 'public' }, schema: { response: { 200: confSchema } } },
    async (request, reply) => {
      const origin = requestOrigin(request, config.publicUrl);
      void reply
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Host, X-Forwarded-Host, X-Forwarded-Proto');
      return {
        backend_url: origin,
        order_entry_platform_url: config.orderEntryPlatformUrl,
        file_transfer_url: `${origin}/files`,
        error_reporting_environment: config.errorReportingEnvironment,
        partner_platform_url: config.partnerPlatformUrl,
      };
    },
  );
  // Every open window polls it; the answer never changes while the process runs, so it is encoded once
  // (through its schema) and sent as text, which skips the route's serialiser.
  const versionJson = serialiseAnswer(versionSchema, { version: deps.version }).json;
  const sendVersion = (reply: FastifyReply): FastifyReply =>
    reply.header('Cache-Control', 'no-cache').type('application/json; charset=utf-8').send(versionJson);
  api.get(
    '/api/version/',
    { config: { access: 'public' }, schema: { response: { 200: versionSchema } } },
    async (_request, reply) => sendVersion(reply),
  );
};
