import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp, type TestApp } from '../testing';

// Served over plain HTTP on the lab's network, the pages must not ask the browser to upgrade to https
// (it would block the sign-in form's POST) nor pin https; an HTTPS deployment sends both.

const cspDirectives = (header: string | string[] | number | undefined): string[] =>
  String(header)
    .split(';')
    .map((directive) => directive.trim());

const signInPageHeaders = async (test: TestApp) => {
  const page = await test.app.inject({ method: 'GET', url: '/oauth2/authorize/' });
  expect(page.statusCode).toBe(200);
  return page.headers;
};

describe('config.isHttps', () => {
  it('is set by COOKIE_SECURE or an https PUBLIC_URL, and off otherwise', () => {
    expect(loadConfig({}).isHttps).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'http://labserver:8080' }).isHttps).toBe(false);
    expect(loadConfig({ COOKIE_SECURE: '0', PUBLIC_URL: 'http://labserver:8080' }).isHttps).toBe(false);
    expect(loadConfig({ COOKIE_SECURE: '1' }).isHttps).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://lab.example.com' }).isHttps).toBe(true);
  });
});

describe.each([
  { served: 'plain HTTP at a lab host name', env: { PUBLIC_URL: 'http://labserver:8080' }, isHttps: false },
  { served: 'HTTPS', env: { PUBLIC_URL: 'https://lab.example.com' }, isHttps: true },
])('page headers when served over $served', ({ env, isHttps }) => {
  let test: TestApp | undefined;
  // Built in the hook (its longer timeout): making an app is most of this test's time on a busy machine.
  beforeAll(async () => {
    test = await createTestApp({ seedReference: false, env });
  });
  afterAll(async () => {
    await test?.close();
  });

  it(
    isHttps ? 'upgrade insecure requests and send HSTS' : 'neither upgrade requests nor send HSTS',
    async () => {
      if (!test) throw new Error('no test app');
      const headers = await signInPageHeaders(test);
      const directives = cspDirectives(headers['content-security-policy']);
      expect(directives).toContain("default-src 'self'");
      expect(directives).toContain("form-action 'self'");
      // Audio attachments play from a blob: object URL.
      expect(directives).toContain("media-src 'self' blob:");
      if (isHttps) {
        expect(directives).toContain('upgrade-insecure-requests');
        expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      } else {
        expect(directives).not.toContain('upgrade-insecure-requests');
        expect(headers['strict-transport-security']).toBeUndefined();
      }
      // The other page headers stay either way.
      expect(headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(headers['x-content-type-options']).toBe('nosniff');
    },
  );
});
