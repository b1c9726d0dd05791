import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root: relative paths in the environment resolve against where npm was invoked. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const invokedFrom = process.env.INIT_CWD ?? process.cwd();

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /** Embedded database and local files live here when DATABASE_URL is not set. */
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  /** postgres://… — use PostgreSQL instead of the embedded PGlite database. */
  DATABASE_URL: z.string().url().optional(),
  PG_POOL_MAX: z.coerce.number().int().min(1).default(10),
  /** On PostgreSQL, demo data is only seeded when asked (it is always seeded into an empty PGlite). */
  SEED_DEMO: flag,
  /** Address users reach this server at; used in links and /conf. */
  PUBLIC_URL: z.string().url().optional(),
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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  APP_VERSION: z.string().optional(),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  pgPoolMax: number;
  seedDemo: boolean;
  publicUrl: string;
  orderEntryPlatformUrl: string;
  partnerPlatformUrl: string;
  errorReportingEnvironment: string;
  sessionTtlHours: number;
  cookieSecure: boolean;
  trustProxy: number;
  signInMaxFailuresPerIp: number;
  signInMaxFailuresPerUser: number;
  signInWindowMinutes: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  version: string | undefined;
};

/** Parses the environment once, at start; a bad value stops the server with the variable's name. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(invokedFrom, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    pgPoolMax: e.PG_POOL_MAX,
    seedDemo: e.SEED_DEMO,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    orderEntryPlatformUrl: e.ORDER_ENTRY_PLATFORM_URL,
    partnerPlatformUrl: e.PARTNER_PLATFORM_URL,
    errorReportingEnvironment: e.ERROR_REPORTING_ENVIRONMENT,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    cookieSecure: e.COOKIE_SECURE,
    trustProxy: e.TRUST_PROXY,
    signInMaxFailuresPerIp: e.SIGN_IN_MAX_FAILURES_PER_IP,
    signInMaxFailuresPerUser: e.SIGN_IN_MAX_FAILURES_PER_USER,
    signInWindowMinutes: e.SIGN_IN_WINDOW_MINUTES,
    logLevel: e.LOG_LEVEL,
    version: e.APP_VERSION,
  };
};
