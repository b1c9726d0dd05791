import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { confSchema, versionSchema } from '@lab/domain';
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
  api.get(
    '/api/version/',
    { config: { access: 'public' }, schema: { response: { 200: versionSchema } } },
    async (_request, reply) => reply.header('Cache-Control', 'no-cache').send({ version: deps.version }),
  );
};
