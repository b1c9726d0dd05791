import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Department } from '@lab/domain';
import type { EvidentSetup } from '../adapters/evident/evident-setup';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import type { Db } from '../db/client';
import { createUser } from '../auth/users';
import type { ReceivedMail } from '../mail/local-mailbox';
import { startMail, type MailSetup } from '../mail/mail-setup';
import { createStorage } from '../storage/create-storage';
import type { FileStorage } from '../storage/file-storage';
import { createLocalStorage } from '../storage/local-storage';
import { openTestDatabase } from './test-database';

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  config: Config;
  storage: FileStorage;
  /** Root of the test's own local storage (removed on close); null when a storage was passed in or is S3. */
  filesDir: string | null;
  /** The app's mail: a local mailbox of its own unless the env names an SMTP_URL. */
  mail: MailSetup;
  /** What the local mailbox received, oldest first. */
  listMailbox: () => ReceivedMail[];
  close: () => Promise<void>;
};

/**
 * The real app on a fresh migrated database with the reference catalogue, for `app.inject` tests. Files
 * go to a fresh temporary folder per app, unless a storage is given or the env asks for FILE_STORAGE=s3.
 */
export const createTestApp = async (
  options: {
    seedReference?: boolean;
    env?: NodeJS.ProcessEnv;
    storage?: FileStorage;
    /**
     * The integrated partner's client for the app's jobs (a simulator the test started). None by default:
     * the EVIDENT jobs then do nothing and tests drive the sender themselves.
     */
    evident?: EvidentSetup;
    /** A built web app of the test's own (by default the repository's, when built). */
    webDistDir?: string;
  } = {},
): Promise<TestApp> => {
  const database = await openTestDatabase({ withReference: options.seedReference !== false });
  const config = testConfig(options.env);
  const ownDir =
    options.storage || config.fileStorage === 's3'
      ? null
      : await mkdtemp(path.join(os.tmpdir(), 'lab-test-files-'));
  const storage = options.storage ?? (ownDir ? createLocalStorage(ownDir) : createStorage(config));
  const mail = await startMail(config);
  const app = await buildApp({
    db: database.db,
    config,
    storage,
    version: 'test-version',
    logger: false,
    mail,
    evident: options.evident ?? null,
    ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}),
  });
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    storage,
    filesDir: ownDir,
    mail,
    listMailbox: () => mail.mailbox?.list() ?? [],
    close: async () => {
      await app.close();
      await mail.close();
      await database.close();
      if (ownDir) await rm(ownDir, { recursive: true, force: true });
    },
  };
};

/** The config every test app runs with, changed by `env`. */
const testConfig = (env: NodeJS.ProcessEnv = {}): Config =>
  loadConfig({ DATA_DIR: '/tmp/unused-in-tests', LOG_LEVEL: 'silent', ...env });

/**
 * Another app on a test app's database, files and mail, configured by `env` (else as the test app): for
 * tests of configurations, or of a second process. Building one costs a fraction of copying a database.
 */
export const buildAppOn = async (
  test: TestApp,
  env?: NodeJS.ProcessEnv,
  options: { db?: Db; version?: string } = {},
): Promise<FastifyInstance> => {
  const app = await buildApp({
    db: options.db ?? test.db,
    config: env ? testConfig(env) : test.config,
    storage: test.storage,
    version: options.version ?? 'test-version',
    logger: false,
    mail: test.mail,
    evident: null,
  });
  await app.ready();
  return app;
};

let userCounter = 0;

export type SignedInUser = {
  username: string;
  token: string;
  cookie: string;
  headers: { authorization: string };
};

/** Creates an employee and signs them in through the real sign-in form, returning a bearer token. */
export const signInAs = async (
  test: TestApp,
  user: {
    department?: Department;
    admin?: boolean;
    restricted?: boolean;
    staging?: boolean;
    /** Works across departments: ticks any department's checklist items. */
    allDepartments?: boolean;
    username?: string;
  } = {},
): Promise<SignedInUser> => {
  userCounter += 1;
  const username = user.username ?? `staff${userCounter}`;
  const password = 'correct horse battery staple';
  await createUser(test.db, {
    username,
    password,
    department: user.department ?? 'DESIGN',
    admin: user.admin ?? false,
    restricted: user.restricted ?? false,
    staging: user.staging ?? false,
    all_departments: user.allDepartments ?? false,
    first_name: 'Test',
    last_name: `User ${userCounter}`,
  });
  const cookie = await signInCookie(test.app, username, password);
  const tokenResponse = await test.app.inject({ method: 'GET', url: '/oauth2/token/', headers: { cookie } });
  const token = tokenResponse.json<{ access_token: string }>().access_token;
  return { username, token, cookie, headers: { authorization: `Bearer ${token}` } };
};

export const signInCookie = async (
  app: FastifyInstance,
  username: string,
  password: string,
): Promise<string> => {
  const response = await postSignIn(app, { username, password });
  const setCookie = response.headers['set-cookie'];
  const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  if (!first) throw new Error(`sign-in failed for ${username}: ${response.statusCode}`);
  return first.split(';')[0] ?? '';
};

export const postSignIn = (
  app: FastifyInstance,
  form: Record<string, string>,
  remoteAddress = '127.0.0.1',
): Promise<LightMyRequestResponse> =>
  app.inject({
    method: 'POST',
    url: '/oauth2/authorize/',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
    remoteAddress,
  });

/** The `{error: {message}}` of an error answer. */
export const errorMessage = (response: LightMyRequestResponse): string =>
  response.json<{ error: { message: string } }>().error.message;
