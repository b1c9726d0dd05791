import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { uploadLimitBytes } from '@lab/domain';
import { guessPublicUrl } from './lab-addresses';

/** The repository root: relative paths in the environment resolve against where npm was invoked. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const invokedFrom = process.env.INIT_CWD ?? process.cwd();

/** Under vitest: checks too dear for production (answers against their schemas, `db` in a transaction) run. */
export const isUnderTestRunner = process.env.VITEST !== undefined;

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** Exported for the test that holds README.md's configuration table to it (config-readme.test.ts). */
export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /** Embedded database and local files live here when DATABASE_URL is not set. */
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  /** postgres://… — use PostgreSQL instead of the embedded PGlite database. */
  DATABASE_URL: z.string().url().optional(),
  PG_POOL_MAX: z.coerce.number().int().min(1).default(10),
  /** On PostgreSQL, demo data is only seeded when asked (it is always seeded into an empty PGlite). */
  SEED_DEMO: flag,
  /**
   * Address of links that leave without a request (e-mails, print jobs). Unset: this machine's name on the
   * lab network (lab-address.ts). Pages never use it: they call the origin they were opened at.
   */
  PUBLIC_URL: z.string().url().optional(),
  /** PEM certificate (chain) and key: the server speaks HTTPS itself, plain HTTP on its port redirects. */
  TLS_CERT_FILE: z.string().min(1).optional(),
  TLS_KEY_FILE: z.string().min(1).optional(),
  ORDER_ENTRY_PLATFORM_URL: z.string().default('https://order.example.com'),
  PARTNER_PLATFORM_URL: z.string().default('https://partners.example.com'),
  ERROR_REPORTING_ENVIRONMENT: z.string().default('development'),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  /** Set when served over HTTPS so the session cookie is marked Secure. */
  COOKIE_SECURE: flag,
  /** Number of proxy hops to trust for the client IP (sign-in rate limits). */
  TRUST_PROXY: z.coerce.number().int().min(0).default(0),
  SIGN_IN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(20),
  SIGN_IN_MAX_FAILURES_PER_USER: z.coerce.number().int().positive().default(10),
  SIGN_IN_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  /** Portal or partner keys that matched nothing, per IP per sign-in window, before 429. */
  KEY_GUESS_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  APP_VERSION: z.string().optional(),
  /** Where file bytes live: `local` (DATA_DIR/files) or an S3-compatible bucket. */
  FILE_STORAGE: z.enum(['local', 's3']).default('local'),
  /** S3-compatible endpoint (MinIO, R2, …); unset means AWS itself. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Most S3-compatible servers need `bucket` in the path instead of the host name. */
  S3_FORCE_PATH_STYLE: flag,
  /** How long a one-time upload or download link of the file service works. */
  FILE_LINK_TTL_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .max(24 * 60)
    .default(15),
  /** Cap of one file-service upload; only ever lowers the collection-file limit (tests use a tiny one). */
  FILE_UPLOAD_MAX_BYTES: z.coerce.number().int().positive().max(uploadLimitBytes.collection_file).optional(),
  /** smtp://user:pass@host:587 (smtps:// for implicit TLS); unset: an in-process mailbox keeps the mail. */
  SMTP_URL: z
    .string()
    .url()
    .refine((v) => /^smtps?:\/\//.test(v), 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Lab Cases <no-reply@lab.example>'),
  /** The integrated partner's API (adapter EVIDENT); unset: a local simulator runs inside the process. */
  EVIDENT_URL: z.string().url().optional(),
  EVIDENT_API_KEY: z.string().min(1).default('dev-evident-api-key'),
  /**
   * Encrypts the ordering platforms' signing keys at rest (AES-256-GCM under its sha256): a copy of the
   * database alone holds no working key. Change it and the keys made before must be made again.
   */
  PLATFORM_KEY_SECRET: z.string().min(16).default('dev-platform-key-secret-change-me'),
  /** Shared secret of the partner's signed webhook calls (HMAC-SHA256). */
  EVIDENT_WEBHOOK_SECRET: z.string().min(1).default('dev-evident-webhook-secret'),
  /** How long one call to the partner may take, upload included. */
  EVIDENT_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** First retry delay of a failed send; doubles per try (with jitter), capped at an hour. */
  EVIDENT_RETRY_BASE_SECONDS: z.coerce.number().positive().default(30),
  /** The local simulator completes an order (and calls the webhook) this long after receiving it. */
  EVIDENT_SIMULATOR_COMPLETE_SECONDS: z.coerce.number().min(0).default(20),
  /** The in-process simulator serves each result file this long after it is asked for (a slow store). */
  EVIDENT_SIMULATOR_FILE_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** The nexus_connect design-library service the component export proxies to; unset: a local simulator. */
  NEXUS_CONNECT_URL: z.string().url().optional(),
  NEXUS_CONNECT_API_KEY: z.string().min(1).default('dev-nexus-connect-api-key'),
  /** How long one export may take, the zip's bytes included. */
  NEXUS_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /**
   * Where network printers' jobs go: unset, an IPP stand-in inside this process (the seeded addresses
   * name no real host); `direct`, each printer's own ipp:// address; an ipp(s):// or http(s):// URL, that
   * one printer or print server for every printer.
   */
  IPP_PRINTER_URL: z
    .string()
    .refine(
      (v) => v === 'direct' || /^(ipps?|https?):\/\//.test(v),
      'must be direct or an ipp(s):// or http(s):// URL',
    )
    .optional(),
  /** How long one IPP request to a printer may take. */
  IPP_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** The lab's GS1 company prefix for UDI labels (7–10 digits); 952… is GS1's prefix for examples. */
  GS1_COMPANY_PREFIX: z
    .string()
    .regex(/^\d{7,10}$/, 'must be 7 to 10 digits')
    .default('9521234'),
});

// With FILE_STORAGE=s3 the bucket and keys are required: a server that cannot store files must not start.
const s3Required = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const checkedEnvSchema = envSchema.superRefine((env, context) => {
  // A certificate without its key (or the other way round) cannot serve HTTPS: refuse to start on HTTP.
  if (Boolean(env.TLS_CERT_FILE) !== Boolean(env.TLS_KEY_FILE)) {
    const missing = env.TLS_CERT_FILE ? 'TLS_KEY_FILE' : 'TLS_CERT_FILE';
    context.addIssue({
      code: 'custom',
      path: [missing],
      message: 'TLS_CERT_FILE and TLS_KEY_FILE go together',
    });
  }
  if (env.FILE_STORAGE !== 's3') return;
  for (const name of s3Required) {
    if (!env[name])
      context.addIssue({ code: 'custom', path: [name], message: 'required when FILE_STORAGE=s3' });
  }
});

export type S3Config = {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
};

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  pgPoolMax: number;
  seedDemo: boolean;
  /** Where links without a request point (e-mails, print jobs): PUBLIC_URL, else this machine on the lab network. */
  publicUrl: string;
  /** PUBLIC_URL was set: nothing guesses the address. */
  isPublicUrlSet: boolean;
  /** Set when the server speaks HTTPS itself (TLS_CERT_FILE and TLS_KEY_FILE). */
  tls: { certFile: string; keyFile: string } | null;
  orderEntryPlatformUrl: string;
  partnerPlatformUrl: string;
  errorReportingEnvironment: string;
  sessionTtlHours: number;
  cookieSecure: boolean;
  /**
   * Users reach the server over HTTPS whatever a request says (COOKIE_SECURE, an https PUBLIC_URL, or TLS
   * served here): every page then gets the secure-context headers (http/security-headers.ts). Otherwise
   * each request's own protocol decides.
   */
  isHttps: boolean;
  trustProxy: number;
  signInMaxFailuresPerIp: number;
  signInMaxFailuresPerUser: number;
  signInWindowMinutes: number;
  keyGuessMaxFailuresPerIp: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  version: string | undefined;
  fileStorage: 'local' | 's3';
  /** Root of local file storage (DATA_DIR/files). */
  filesDir: string;
  /** Set exactly when fileStorage is 's3'. */
  s3: S3Config | null;
  fileLinkTtlMinutes: number;
  fileUploadMaxBytes: number;
  /** Unset: mail goes to an in-process mailbox (mail/local-mailbox.ts). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Unset: main.ts starts the local EVIDENT simulator and points the client at it. */
  evidentUrl: string | undefined;
  evidentApiKey: string;
  evidentWebhookSecret: string;
  platformKeySecret: string;
  evidentTimeoutMs: number;
  evidentRetryBaseSeconds: number;
  evidentSimulatorCompleteSeconds: number;
  evidentSimulatorFileDelayMs: number;
  /** Unset: the export proxy starts the local nexus_connect simulator on first use (adapters/nexus-connect). */
  nexusConnectUrl: string | undefined;
  nexusConnectApiKey: string;
  nexusConnectTimeoutMs: number;
  /** Unset: an in-process IPP stand-in takes every network printer's jobs (adapters/ipp). */
  ippPrinterUrl: string | undefined;
  ippTimeoutMs: number;
  gs1CompanyPrefix: string;
};

/** Parses the environment once, at start; a bad value stops the server with the variable's name. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = checkedEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(invokedFrom, e.DATA_DIR);
  const tls =
    e.TLS_CERT_FILE && e.TLS_KEY_FILE ? { certFile: e.TLS_CERT_FILE, keyFile: e.TLS_KEY_FILE } : null;
  const publicUrl = (
    e.PUBLIC_URL ?? guessPublicUrl({ host: e.HOST, port: e.PORT, isTls: tls !== null })
  ).replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    pgPoolMax: e.PG_POOL_MAX,
    seedDemo: e.SEED_DEMO,
    publicUrl,
    isPublicUrlSet: e.PUBLIC_URL !== undefined,
    tls,
    orderEntryPlatformUrl: e.ORDER_ENTRY_PLATFORM_URL,
    partnerPlatformUrl: e.PARTNER_PLATFORM_URL,
    errorReportingEnvironment: e.ERROR_REPORTING_ENVIRONMENT,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    cookieSecure: e.COOKIE_SECURE,
    isHttps: e.COOKIE_SECURE || tls !== null || (e.PUBLIC_URL !== undefined && /^https:/i.test(publicUrl)),
    trustProxy: e.TRUST_PROXY,
    signInMaxFailuresPerIp: e.SIGN_IN_MAX_FAILURES_PER_IP,
    signInMaxFailuresPerUser: e.SIGN_IN_MAX_FAILURES_PER_USER,
    signInWindowMinutes: e.SIGN_IN_WINDOW_MINUTES,
    keyGuessMaxFailuresPerIp: e.KEY_GUESS_MAX_FAILURES_PER_IP,
    logLevel: e.LOG_LEVEL,
    version: e.APP_VERSION,
    fileStorage: e.FILE_STORAGE,
    filesDir: path.join(dataDir, 'files'),
    s3:
      e.FILE_STORAGE === 's3'
        ? {
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET ?? '',
            accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : null,
    fileLinkTtlMinutes: e.FILE_LINK_TTL_MINUTES,
    fileUploadMaxBytes: e.FILE_UPLOAD_MAX_BYTES ?? uploadLimitBytes.collection_file,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    evidentUrl: e.EVIDENT_URL?.replace(/\/$/, ''),
    evidentApiKey: e.EVIDENT_API_KEY,
    evidentWebhookSecret: e.EVIDENT_WEBHOOK_SECRET,
    platformKeySecret: e.PLATFORM_KEY_SECRET,
    evidentTimeoutMs: e.EVIDENT_TIMEOUT_MS,
    evidentRetryBaseSeconds: e.EVIDENT_RETRY_BASE_SECONDS,
    evidentSimulatorCompleteSeconds: e.EVIDENT_SIMULATOR_COMPLETE_SECONDS,
    evidentSimulatorFileDelayMs: e.EVIDENT_SIMULATOR_FILE_DELAY_MS,
    nexusConnectUrl: e.NEXUS_CONNECT_URL?.replace(/\/$/, ''),
    nexusConnectApiKey: e.NEXUS_CONNECT_API_KEY,
    nexusConnectTimeoutMs: e.NEXUS_CONNECT_TIMEOUT_MS,
    ippPrinterUrl: e.IPP_PRINTER_URL,
    ippTimeoutMs: e.IPP_TIMEOUT_MS,
    gs1CompanyPrefix: e.GS1_COMPANY_PREFIX,
  };
};
