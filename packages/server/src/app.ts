import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/client';
import { accessPlugin } from './http/access';
import { useLightHeadersOnApi } from './http/api-headers';
import { registerErrorHandling } from './http/errors';
import { registerAuthRoutes } from './auth/routes';
import { registerCasesRoutes } from './modules/cases/routes';
import { registerCollectionsRoutes } from './modules/collections/routes';
import { registerImplantsRoutes } from './modules/implants/routes';
import { registerPageRoutes } from './modules/pages/routes';
import { registerScheduleRoutes } from './modules/schedule/routes';
import { registerReferenceRoutes } from './modules/reference/routes';
import { registerSearchRoutes } from './modules/search/routes';
import { registerSystemRoutes } from './modules/system/routes';

export type AppDeps = { db: Db; config: Config; version: string; logger?: boolean };

/** Builds the whole HTTP app around an open database; main.ts listens, tests call `app.inject`. */
export const buildApp = async (deps: AppDeps): Promise<FastifyInstance> => {
  const { db, config } = deps;
  const app = Fastify({
    logger: deps.logger === false ? false : { level: config.logLevel },
    // Trust exactly TRUST_PROXY hops of X-Forwarded-For (the client IP feeds the sign-in limits).
    trustProxy: (_address: string, hop: number) => hop < config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  // Cookies are parsed before the access hook reads the session cookie of pages.
  await app.register(cookie);
  await app.register(accessPlugin, { db });
  await app.register(formbody);
  useLightHeadersOnApi(app);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // MUI (emotion) injects style tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Lab Cases API', version: deps.version } },
    transform: jsonSchemaTransform,
  });
  app.get('/api/docs', { config: { access: 'staff' } }, async () => app.swagger());

  registerSystemRoutes(app, { config, version: deps.version });
  registerAuthRoutes(app, { db, config });
  registerReferenceRoutes(app, { db });
  registerSearchRoutes(app, { db });
  registerCollectionsRoutes(app, { db });
  registerImplantsRoutes(app, { db });
  registerScheduleRoutes(app, { db });
  registerCasesRoutes(app, { db });
  await registerPageRoutes(app);
  return app;
};
