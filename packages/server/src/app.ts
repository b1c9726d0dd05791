import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { adoptReadableValidationMessages } from '@lab/domain';
import type { Config } from './config';
import type { Db } from './db/client';
import { accessPlugin } from './http/access';
import { registerCompression } from './http/compression';
import { labServerFactory } from './http/lab-server';
import { redactUrl } from './http/redact-url';
import { useLightHeadersOnApi } from './http/api-headers';
import { helmetOptions, registerSecureContextHeaders } from './http/security-headers';
import { answerFrameworkError, registerErrorHandling } from './http/errors';
import { registerRequestChecks } from './http/request-text';
import { registerIdempotentWrites } from './http/idempotency';
import { registerAuthRoutes } from './auth/routes';
import { createKeyGuessLedger } from './auth/key-guess-limits';
import { createCaseEvents, type CaseActionPlugins } from './modules/cases/kernel';
import { registerCasesRoutes } from './modules/cases/routes';
import { registerChecklistsRoutes } from './modules/checklists/routes';
import { registerClientsRoutes } from './modules/clients/routes';
import { registerCollectionsRoutes } from './modules/collections/routes';
import { fileCaseActionHandlers, fileCaseActionParts } from './modules/files/case-actions';
import { registerFileLockRoutes } from './modules/files/file-lock-route';
import { registerFileServiceRoutes } from './modules/files/routes';
import { registerImplantsRoutes } from './modules/implants/routes';
import { registerMessagesRoutes } from './modules/messages/routes';
import { registerNotificationsRoutes } from './modules/notifications/routes';
import { registerPageRoutes, webDistDir } from './modules/pages/routes';
import { registerScheduleRoutes } from './modules/schedule/routes';
import { registerReferenceRoutes } from './modules/reference/routes';
import { registerSearchRoutes } from './modules/search/routes';
import { registerSystemRoutes } from './modules/system/routes';
import { registerHealthRoutes } from './lifecycle/health-routes';
import { registerRealtimeRoutes } from './realtime/routes';
import { attachRealtimeBus } from './realtime/realtime-bus';
import type { FileStorage } from './storage/file-storage';
import { startJobs } from './jobs/start-jobs';
import { startMail, type MailSetup } from './mail/mail-setup';
import { registerMailRoutes } from './mail/routes';
import { registerApprovalsRoutes } from './modules/approvals/routes';
import { portalKeyResolver } from './modules/portal/portal-client';
import { registerPortalRoutes } from './modules/portal/routes';
import { createEvidentSetup, type EvidentSetup } from './adapters/evident/evident-setup';
import { registerEvidentWebhookRoutes } from './modules/outsourcing/integrated/webhook-route';
import { partnerKeyResolver } from './modules/partner/partner-key-resolver';
import { registerPartnerRoutes } from './modules/partner/routes';
import { registerDispatchesRoutes } from './modules/dispatches/routes';
import { invoicingCaseActionHandlers } from './modules/invoicing/case-actions';
import { subscribeInvoicingToCaseEvents } from './modules/invoicing/case-event-reactions';
import { registerInvoicingRoutes } from './modules/invoicing/routes';
import { outsourcingCaseActionHandlers } from './modules/outsourcing/case-actions';
import { createPrinterGateway, type PrinterGateway } from './adapters/ipp/printer-gateway';
import { registerIntakeRoutes } from './modules/intake/routes';
import { registerCustomerServiceRoutes } from './modules/customer-service/routes';
import { registerPrintingRoutes } from './modules/printing/routes';
import { registerWarehouseRoutes } from './modules/warehouse/routes';
import { registerHelpersRoutes } from './modules/helpers/routes';
import {
  createNexusConnectSetup,
  type NexusConnectSetup,
} from './adapters/nexus-connect/nexus-connect-setup';
import { registerProductionRoutes } from './modules/production/routes';

export type AppDeps = {
  db: Db;
  config: Config;
  version: string;
  storage: FileStorage;
  logger?: boolean;
  /** Where mail goes; by default SMTP_URL, else an in-process mailbox the app owns and closes. */
  mail?: MailSetup;
  /**
   * The integrated partner's client for the jobs; by default EVIDENT_URL's, none when it is unset
   * (main.ts then starts the local simulator and passes its client; tests pass one when they need it).
   */
  evident?: EvidentSetup | null;
  /**
   * The component export's way to nexus_connect; by default NEXUS_CONNECT_URL's, else a local simulator
   * the app starts on the first export and stops when it closes.
   */
  nexusConnect?: NexusConnectSetup;
  /**
   * Where print jobs go; by default IPP_PRINTER_URL's route (unset: an IPP stand-in this app starts on the
   * first job and closes with itself).
   */
  printing?: PrinterGateway;
  /** The built web app's folder; by default packages/web/dist (tests give a folder of their own). */
  webDistDir?: string;
};

/** Builds the whole HTTP app around an open database; main.ts listens, tests call `app.inject`. */
export const buildApp = async (deps: AppDeps): Promise<FastifyInstance> => {
  const { db, config, storage } = deps;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: config.logLevel,
            // Request lines never show a capability key (http/redact-url.ts).
            serializers: {
              req: (request: { method: string; url: string; ip?: string }) => ({
                method: request.method,
                url: redactUrl(request.url),
                remoteAddress: request.ip,
              }),
            },
          },
    // Trust exactly TRUST_PROXY hops of X-Forwarded-For (the client IP feeds the sign-in limits).
    trustProxy: (_address: string, hop: number) => hop < config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    frameworkErrors: answerFrameworkError,
    // Requests on connections still open while the app closes are answered (then the connection closes),
    // not refused with a bare 503: /readyz must still say "draining" (lifecycle/graceful-close.ts).
    return503OnClosing: false,
    // HTTPS itself when TLS_CERT_FILE/TLS_KEY_FILE are set (plain HTTP on the port redirects); else HTTP.
    serverFactory: labServerFactory(config.tls),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerRequestChecks(app);
  // zod's default texts never reach a person (a schema's own message still wins).
  adoptReadableValidationMessages();
  // Before every route and @fastify/static: the plugin hooks the routes registered after it.
  await registerCompression(app);

  // Cookies are parsed before the access hook reads the session cookie of pages.
  await app.register(cookie);
  // The database channel: streams, and the in-process caches it keeps true (cache/event-cache.ts).
  const realtime = attachRealtimeBus(app, db);
  // The portal and the partner page share one guessing limit per IP (auth/key-guess-limits.ts).
  const keyGuesses = createKeyGuessLedger(db, realtime, {
    maxFailuresPerIp: config.keyGuessMaxFailuresPerIp,
    windowMinutes: config.signInWindowMinutes,
  });
  await app.register(accessPlugin, {
    db,
    realtime,
    keyResolvers: {
      portal: portalKeyResolver(db, keyGuesses, realtime),
      partner: partnerKeyResolver(db, keyGuesses),
    },
  });
  await app.register(formbody);
  // Multipart bodies are read by the routes that take files (http/multipart-upload.ts), never buffered.
  await app.register(multipart);
  // Writes sent with an Idempotency-Key answer a retry from the first answer (http/idempotency.ts).
  registerIdempotentWrites(app, db);
  useLightHeadersOnApi(app);
  await app.register(helmet, helmetOptions());
  registerSecureContextHeaders(app, config);
  await app.register(swagger, {
    openapi: { info: { title: 'Lab Cases API', version: deps.version } },
    transform: jsonSchemaTransform,
  });
  app.get('/api/docs', { config: { access: 'staff' } }, async () => app.swagger());

  // The job workers live as long as the app: closing it stops them first, then the mail they send with.
  const mail = deps.mail ?? (await startMail(config));
  const evident =
    deps.evident !== undefined
      ? deps.evident
      : config.evidentUrl
        ? createEvidentSetup(config, config.evidentUrl)
        : null;
  const printing =
    deps.printing ??
    createPrinterGateway({
      ippPrinterUrl: config.ippPrinterUrl,
      timeoutMs: config.ippTimeoutMs,
      log: { info: (message) => app.log.info(message) },
    });
  const jobs = await startJobs({ db, mailer: mail.mailer, storage, log: app.log, evident, printing });
  app.addHook('onClose', async () => {
    await jobs.stop();
    if (!deps.printing) await printing.close();
    if (!deps.mail) await mail.close();
  });

  // What happens to a case, told inside its transaction to the modules that react to it
  // (modules/cases/case-events.ts). One registry per app; handlers run in the order they subscribe here.
  const caseEvents = createCaseEvents();
  subscribeInvoicingToCaseEvents(caseEvents);
  // The other modules' slices of the case actions, plugged into the cases module's runner.
  const caseActionPlugins: CaseActionPlugins = {
    handlers: { ...fileCaseActionHandlers, ...outsourcingCaseActionHandlers, ...invoicingCaseActionHandlers },
    ...fileCaseActionParts,
  };

  registerHealthRoutes(app, { db, jobs });
  registerSystemRoutes(app, { config, version: deps.version });
  registerAuthRoutes(app, { db, config });
  registerReferenceRoutes(app, { db, realtime });
  registerSearchRoutes(app, { db, realtime });
  registerClientsRoutes(app, { db });
  registerCollectionsRoutes(app, { db, realtime });
  registerImplantsRoutes(app, { db });
  registerScheduleRoutes(app, { db });
  registerCasesRoutes(app, { db, storage: deps.storage, config, caseEvents, caseActionPlugins });
  registerMessagesRoutes(app, { db, storage: deps.storage, config, realtime });
  registerNotificationsRoutes(app, { db, realtime });
  registerRealtimeRoutes(app, { db, realtime, version: deps.version });
  registerFileServiceRoutes(app, { db, config, storage });
  registerFileLockRoutes(app, { db, realtime });
  registerApprovalsRoutes(app, { db, storage, jobs, caseEvents });
  registerChecklistsRoutes(app, { db, realtime });
  registerPortalRoutes(app, { db, storage, config, realtime, caseEvents });
  registerPartnerRoutes(app, { db, storage, config });
  registerDispatchesRoutes(app, { db, jobs, realtime, caseEvents });
  registerInvoicingRoutes(app, { db });
  registerPrintingRoutes(app, {
    db,
    storage,
    gs1CompanyPrefix: config.gs1CompanyPrefix,
    jobs,
    realtime,
  });
  registerWarehouseRoutes(app, { db });
  const nexusConnect = deps.nexusConnect ?? createNexusConnectSetup(config, app.log);
  if (!deps.nexusConnect) app.addHook('onClose', () => nexusConnect.close());
  registerHelpersRoutes(app, { db, nexusConnect });
  registerProductionRoutes(app, { db });
  await registerEvidentWebhookRoutes(app, { db, webhookSecret: config.evidentWebhookSecret });
  await registerIntakeRoutes(app, { db, config, storage, caseEvents });
  registerCustomerServiceRoutes(app, { db });
  registerMailRoutes(app, { db, publicUrl: config.publicUrl, mailbox: mail.mailbox });
  await registerPageRoutes(app, deps.webDistDir ?? webDistDir);
  return app;
};
