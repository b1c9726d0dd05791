import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { buildAppOn, createTestApp, type TestApp } from '../testing';

// Served over plain HTTP on the lab's network, the pages must not ask the browser to upgrade to https
// (it would block the sign-in form's POST), pin https, or send headers a non-secure page only ignores
// with a console error (COOP, Origin-Agent-Cluster). A request that came over HTTPS gets all of them.

const cspDirectives = (header: string | string[] | number | undefined): string[] =>
  String(header)
    .split(';')
    .map((directive) => directive.trim());

const secureContextHeaders = [
  'strict-transport-security',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
];

// One database for the file: the cases differ in the app's configuration only, and building an app on the
// database takes a fraction of copying one for each. Built in the hooks (their longer timeout): making apps
// is most of this file's time on a busy machine.
let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ seedReference: false });
});
afterAll(async () => {
  await test.close();
});

/** An app on the file's database, configured by `env` as createTestApp configures its own. */
const appWith = (env: NodeJS.ProcessEnv): Promise<FastifyInstance> => buildAppOn(test, env);

describe('config.isHttps', () => {
  it('is set by COOKIE_SECURE, an https PUBLIC_URL or TLS served here, and off otherwise', () => {
    expect(loadConfig({}).isHttps).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'http://labserver:8080' }).isHttps).toBe(false);
    expect(loadConfig({ COOKIE_SECURE: '0', PUBLIC_URL: 'http://labserver:8080' }).isHttps).toBe(false);
    expect(loadConfig({ COOKIE_SECURE: '1' }).isHttps).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://lab.example.com' }).isHttps).toBe(true);
    expect(loadConfig({ TLS_CERT_FILE: '/etc/lab/cert.pem', TLS_KEY_FILE: '/etc/lab/key.pem' }).isHttps).toBe(
      true,
    );
  });

  it('refuses a certificate without its key', () => {
    expect(() => loadConfig({ TLS_CERT_FILE: '/etc/lab/cert.pem' })).toThrow(
      'TLS_KEY_FILE: TLS_CERT_FILE and TLS_KEY_FILE go together',
    );
  });
});

describe.each([
  {
    served: 'plain HTTP at a lab host name',
    env: {},
    headers: { host: 'labserver:8080' },
    isSecure: false,
  },
  {
    served: 'plain HTTP, with a forwarded https from a proxy nobody trusts',
    env: {},
    headers: { host: 'labserver:8080', 'x-forwarded-proto': 'https' },
    isSecure: false,
  },
  {
    served: 'HTTPS at a trusted proxy',
    env: { TRUST_PROXY: '1' },
    headers: { host: 'labserver:8080', 'x-forwarded-proto': 'https' },
    isSecure: true,
  },
  {
    served: 'a deployment declared HTTPS (COOKIE_SECURE)',
    env: { COOKIE_SECURE: '1' },
    headers: { host: 'cases.lab.example' },
    isSecure: true,
  },
])('page headers when served over $served', ({ env, headers: requestHeaders, isSecure }) => {
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    app = await appWith(env);
  });
  afterAll(async () => {
    await app?.close();
  });

  it(isSecure ? 'send the secure-context headers' : 'send none of the secure-context headers', async () => {
    if (!app) throw new Error('no app');
    const page = await app.inject({ method: 'GET', url: '/oauth2/authorize/', headers: requestHeaders });
    expect(page.statusCode).toBe(200);
    const { headers } = page;
    const directives = cspDirectives(headers['content-security-policy']);
    expect(directives).toContain("default-src 'self'");
    expect(directives).toContain("form-action 'self'");
    // Audio attachments play from a blob: object URL.
    expect(directives).toContain("media-src 'self' blob:");
    if (isSecure) {
      expect(directives).toContain('upgrade-insecure-requests');
      expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(headers['origin-agent-cluster']).toBe('?1');
    } else {
      expect(directives).not.toContain('upgrade-insecure-requests');
      for (const name of secureContextHeaders) expect(headers[name]).toBeUndefined();
    }
    // The other page headers stay either way.
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['x-content-type-options']).toBe('nosniff');
  });

  it('send no page headers on the API', async () => {
    if (!app) throw new Error('no app');
    const answer = await app.inject({ method: 'GET', url: '/api/version/', headers: requestHeaders });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-security-policy']).toBeUndefined();
    for (const name of secureContextHeaders) expect(answer.headers[name]).toBeUndefined();
  });
});
