import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { selectRows } from '../db/client';
import { createUser } from './users';
import { createTestApp, errorMessage, postSignIn, signInAs, signInCookie, type TestApp } from '../testing';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({
    env: { SIGN_IN_MAX_FAILURES_PER_USER: '3', SIGN_IN_MAX_FAILURES_PER_IP: '6' },
  });
  await createUser(test.db, {
    username: 'designer',
    password: 'demo',
    department: 'DESIGN',
    first_name: 'Dana',
    last_name: 'Designer',
  });
});
afterAll(() => test.close());

describe('sign-in page', () => {
  it('GET /oauth2/authorize/ shows the form with the next path', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/oauth2/authorize/?next=/static/v2/collection.html?uid=x',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('name="username"');
    expect(response.body).toContain('name="password"');
    expect(response.body).toContain('value="/static/v2/collection.html?uid=x"');
  });

  it('escapes an error passed in the query', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/oauth2/authorize/?error=%3Cscript%3E' });
    expect(response.body).toContain('&lt;script&gt;');
    expect(response.body).not.toContain('<script>');
  });

  it('a wrong password and an unknown user get the same page and message', async () => {
    const wrong = await postSignIn(test.app, { username: 'designer', password: 'nope' }, '10.0.0.1');
    const unknown = await postSignIn(test.app, { username: 'nobody', password: 'demo' }, '10.0.0.1');
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.body).toContain('Invalid username or password');
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('a right password sets an HttpOnly SameSite=Lax cookie and redirects 303 to next', async () => {
    const response = await postSignIn(test.app, {
      username: 'designer',
      password: 'demo',
      next: '/static/v2/collection.html?view=active',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/static/v2/collection.html?view=active');
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('defaults next to the collection page and never redirects off-site', async () => {
    const plain = await postSignIn(test.app, { username: 'designer', password: 'demo' });
    expect(plain.headers.location).toBe('/static/v2/collection.html');
    const offSite = await postSignIn(test.app, {
      username: 'designer',
      password: 'demo',
      next: '//evil.example.com/',
    });
    expect(offSite.headers.location).toBe('/static/v2/collection.html');
  });

  it('usernames are matched without regard to case', async () => {
    const response = await postSignIn(test.app, { username: 'DESIGNER', password: 'demo' });
    expect(response.statusCode).toBe(303);
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After once a username has too many failures', async () => {
    await createUser(test.db, { username: 'target', password: 'secret', department: 'ADMIN' });
    for (let i = 0; i < 3; i++) {
      expect(
        (await postSignIn(test.app, { username: 'target', password: 'bad' }, `10.1.0.${i}`)).statusCode,
      ).toBe(401);
    }
    const limited = await postSignIn(test.app, { username: 'target', password: 'secret' }, '10.1.0.9');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body).toContain('Too many sign-in attempts');
  });

  it('answers 429 once one IP has too many failures across usernames', async () => {
    for (let i = 0; i < 6; i++) {
      await postSignIn(test.app, { username: `guess${i}`, password: 'bad' }, '10.2.0.1');
    }
    const limited = await postSignIn(test.app, { username: 'designer', password: 'demo' }, '10.2.0.1');
    expect(limited.statusCode).toBe(429);
    const otherIp = await postSignIn(test.app, { username: 'designer', password: 'demo' }, '10.2.0.2');
    expect(otherIp.statusCode).toBe(303);
  });
});

describe('tokens, me and logout', () => {
  it('GET /oauth2/token/ without a session answers 401 Not Logged In', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/oauth2/token/' });
    expect(response.statusCode).toBe(401);
    expect(errorMessage(response)).toBe('Not Logged In');
  });

  it('mints a 15-minute token that /api/me/ accepts', async () => {
    const cookie = await signInCookie(test.app, 'designer', 'demo');
    const tokenResponse = await test.app.inject({
      method: 'GET',
      url: '/oauth2/token/',
      headers: { cookie },
    });
    expect(tokenResponse.statusCode).toBe(200);
    expect(tokenResponse.headers['cache-control']).toBe('no-store');
    const { access_token, expires_at } = tokenResponse.json<{ access_token: string; expires_at: string }>();
    const minutes = (new Date(expires_at).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    const me = await test.app.inject({
      method: 'GET',
      url: '/api/me/',
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      logged_in: true,
      username: 'designer',
      first_name: 'Dana',
      last_name: 'Designer',
      department: 'DESIGN',
      all_departments: false,
      admin: false,
      restricted: false,
      staging: false,
      printers: expect.any(Array),
    });
  });

  it('stores tokens hashed, never in clear', async () => {
    const user = await signInAs(test);
    const rows = await selectRows<{ token_hash: string }>(test.db, sql`SELECT token_hash FROM access_tokens`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.token_hash === user.token)).toBe(false);
  });

  it('rejects a missing, malformed, unknown or expired token with 401 Invalid Token', async () => {
    const user = await signInAs(test);
    const cases = [{}, { authorization: 'Basic abc' }, { authorization: 'Bearer not-a-token' }];
    for (const headers of cases) {
      const response = await test.app.inject({ method: 'GET', url: '/api/me/', headers });
      expect(response.statusCode).toBe(401);
      expect(errorMessage(response)).toBe('Invalid Token');
    }
    await test.db.execute(sql`UPDATE access_tokens SET expires_at = now() - interval '1 second'`);
    const expired = await test.app.inject({ method: 'GET', url: '/api/me/', headers: user.headers });
    expect(expired.statusCode).toBe(401);
    expect(errorMessage(expired)).toBe('Invalid Token');
  });

  it('logout ends the session and its tokens at once', async () => {
    const user = await signInAs(test);
    expect(
      (await test.app.inject({ method: 'GET', url: '/api/me/', headers: user.headers })).statusCode,
    ).toBe(200);
    const logout = await test.app.inject({
      method: 'GET',
      url: '/oauth2/logout/',
      headers: { cookie: user.cookie },
    });
    expect(logout.statusCode).toBe(303);
    expect(logout.headers.location).toBe('/oauth2/authorize/');
    const afterToken = await test.app.inject({ method: 'GET', url: '/api/me/', headers: user.headers });
    expect(afterToken.statusCode).toBe(401);
    const afterCookie = await test.app.inject({
      method: 'GET',
      url: '/oauth2/token/',
      headers: { cookie: user.cookie },
    });
    expect(afterCookie.statusCode).toBe(401);
  });

  it('sends the collection page to sign in when there is no session', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/static/v2/collection.html?uid=abc' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(
      '/oauth2/authorize/?next=%2Fstatic%2Fv2%2Fcollection.html%3Fuid%3Dabc',
    );
  });
});
