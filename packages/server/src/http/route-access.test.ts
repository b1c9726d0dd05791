import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessClasses } from './access';
import { createTestApp, errorMessage, type TestApp } from '../testing';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const withSampleParams = (url: string): string =>
  url.replace(/:([A-Za-z_]+)/g, (_m, name: string) =>
    /uid|key/i.test(name) ? '00000000-0000-4000-8000-000000000000' : name === 'country' ? 'AU' : '1',
  );

describe('the live route table', () => {
  it('has an access class on every route', () => {
    expect(test.app.routeAccessTable.length).toBeGreaterThan(10);
    const undeclared = test.app.routeAccessTable.filter(
      (r) => !r.access || !accessClasses.includes(r.access),
    );
    expect(undeclared).toEqual([]);
  });

  it('makes every /api/ route but /api/version/ a non-public route', () => {
    const publicApi = test.app.routeAccessTable.filter(
      (r) => r.url.startsWith('/api/') && r.access === 'public' && r.method !== 'HEAD',
    );
    // The partner's webhook and the platforms' orders are public: their HMAC signature is the credential.
    expect(publicApi.map((r) => r.url).toSorted()).toEqual([
      '/api/v2/orders/',
      '/api/v2/partners/evident/webhook/',
      '/api/version/',
    ]);
  });

  it('answers 401 on every staff /api/ route without a token (the event stream: without a session)', async () => {
    // The event stream knows the employee by the session cookie alone (realtime/routes.ts).
    // Documents opened in a tab take the cookie when no token comes (http/access.ts cookieOrToken).
    const sessionCookieRoutes = [
      '/api/v2/stream',
      '/api/v2/stream/',
      '/api/v2/invoices/:invoice_number/pdf/',
      '/api/v2/invoices/export/',
      '/api/v2/recall/csv/',
      '/api/v2/accounts/statement/',
      '/api/v2/print_jobs/:id/pdf/',
      '/api/dev/mailbox/',
    ];
    const staffApi = test.app.routeAccessTable.filter(
      (r) => r.url.startsWith('/api/') && r.access === 'staff' && r.method !== 'HEAD',
    );
    for (const route of staffApi) {
      const response = await test.app.inject({
        method: route.method as 'GET',
        url: withSampleParams(route.url),
        payload: {},
      });
      expect({ route: `${route.method} ${route.url}`, status: response.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 401,
      });
      const isStream = sessionCookieRoutes.includes(route.url);
      expect(errorMessage(response)).toBe(isStream ? 'Not Logged In' : 'Invalid Token');
    }
  });

  it('answers unknown paths with a JSON 404', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/v2/nothing-here/' });
    expect(response.statusCode).toBe(404);
    expect(errorMessage(response)).toBe('Not Found');
  });

  it('answers a key past the router limit as not found, and an undecodable URL as 400, never echoing it', async () => {
    const longKey = 'k'.repeat(300);
    const tooLong = await test.app.inject({ method: 'GET', url: `/files/download/${longKey}` });
    expect(tooLong.statusCode).toBe(404);
    expect(tooLong.json()).toEqual({ error: { code: 'not_found', message: 'Not Found' } });
    const undecodable = await test.app.inject({ method: 'GET', url: '/files/download/%E0%A4%A' });
    expect(undecodable.statusCode).toBe(400);
    expect(errorMessage(undecodable)).toBe('Invalid address');
    expect(undecodable.body).not.toContain('%E0');
  });
});

describe('public configuration', () => {
  it('GET /conf answers the five configuration fields', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/conf' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json()).sort()).toEqual([
      'backend_url',
      'error_reporting_environment',
      'file_transfer_url',
      'order_entry_platform_url',
      'partner_platform_url',
    ]);
    expect(response.json<{ file_transfer_url: string }>().file_transfer_url).toMatch(/\/files$/);
  });

  it('GET /api/version/ needs no token', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/version/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ version: 'test-version' });
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});

describe('security headers', () => {
  it('sends nosniff and no referrer on API answers, and the full page set on pages', async () => {
    const api = await test.app.inject({ method: 'GET', url: '/api/version/' });
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['referrer-policy']).toBe('no-referrer');
    const page = await test.app.inject({ method: 'GET', url: '/oauth2/authorize/' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
