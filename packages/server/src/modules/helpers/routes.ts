import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  componentExportBodySchema,
  exportComponentListSchema,
  exportFileName,
  keyValueAnswerSchema,
  keyValueBodySchema,
  keyValueReadSchema,
  keyValueTakeSchema,
} from '@lab/domain';
import type { NexusConnectSetup } from '../../adapters/nexus-connect/nexus-connect-setup';
import type { Db } from '../../db/client';
import { requireActor } from '../../http/access';
import { setLinkHeaders } from '../../http/link-headers';
import { exportComponents } from './export-components';
import { createKeyValue, takeKeyValue } from './key-values';
import { listExportComponents } from './list-export-components';

// The helpers around a case (collection-views §7): values handed to the local OEP Helper by key, and the
// component export proxied to nexus_connect.
export const registerHelpersRoutes = (
  app: FastifyInstance,
  deps: { db: Db; nexusConnect: NexusConnectSetup },
): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, nexusConnect } = deps;

  api.post(
    '/api/v2/key_value/',
    {
      config: { access: 'staff', permission: 'work_on_cases' },
      schema: { body: keyValueBodySchema, response: { 201: keyValueAnswerSchema } },
    },
    async (request, reply) => {
      const answer = await createKeyValue(db, { value: request.body.value, actor: requireActor(request) });
      return reply.status(201).send(answer);
    },
  );

  // The helper on a staff machine reads the value with the key from its link: the key is the credential.
  api.post(
    '/api/v2/key_value/take/',
    {
      config: { access: 'one-time' },
      onRequest: setLinkHeaders,
      schema: { body: keyValueTakeSchema, response: { 200: keyValueReadSchema } },
    },
    async (request) => takeKeyValue(db, { key: request.body.key }),
  );

  api.get(
    '/api/v2/management/components/',
    { config: { access: 'staff' }, schema: { response: { 200: exportComponentListSchema } } },
    async () => listExportComponents(db),
  );

  api.post(
    '/proxy/nexus_connect/exports/',
    { config: { access: 'staff', permission: 'work_on_cases' }, schema: { body: componentExportBodySchema } },
    async (request, reply) => {
      const zip = await exportComponents(db, {
        nexusConnect,
        body: request.body,
        onFailure: (error) =>
          request.log.warn({ kind: error.kind, status: error.status, detail: error.detail }, error.message),
      });
      void reply.headers({
        'content-type': 'application/zip',
        'content-disposition': `attachment; filename="${exportFileName}"`,
        'cache-control': 'no-store',
      });
      if (zip.size !== null) void reply.header('content-length', zip.size);
      return reply.send(zip.body);
    },
  );
};
