import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { confSchema, versionSchema } from '@lab/domain';
import { serialiseAnswer } from '../../cache/cached-answer';
import type { Config } from '../../config';

/** Configuration and version: public, read at start and polled by the update notice. */
export const registerSystemRoutes = (
  app: FastifyInstance,
  deps: { config: Config; version: string },
): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { config } = deps;
  const conf = {
    backend_url: config.publicUrl,
    order_entry_platform_url: config.orderEntryPlatformUrl,
    file_transfer_url: `${config.publicUrl}/files`,
    error_reporting_environment: config.errorReportingEnvironment,
    partner_platform_url: config.partnerPlatformUrl,
  };
  api.get(
    '/conf',
    { config: { access: 'public' }, schema: { response: { 200: confSchema } } },
    async () => conf,
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
