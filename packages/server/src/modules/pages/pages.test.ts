import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAs, type TestApp } from '../../testing';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

describe('pages of the other systems', () => {
  it('shows a signed-in user that a system is not available yet', async () => {
    const user = await signInAs(test);
    const response = await test.app.inject({
      method: 'GET',
      url: '/static/v2/management.html',
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1>Management</h1>');
    expect(response.body).toContain('This system is not available in this installation yet.');
  });

  it('serves the Check-in desk at /clients/checkin, and sends visitors without a session to sign in', async () => {
    const user = await signInAs(test);
    const checkin = await test.app.inject({
      method: 'GET',
      url: '/clients/checkin',
      headers: { cookie: user.cookie },
    });
    // The built page, or the note that the web app is not built (the unit run builds no web app).
    expect([200, 503]).toContain(checkin.statusCode);
    if (checkin.statusCode === 200) expect(checkin.body).toContain('<title>Check-in</title>');
    expect(checkin.body).not.toContain('not available in this installation');
    const anonymous = await test.app.inject({ method: 'GET', url: '/clients/checkin' });
    expect(anonymous.statusCode).toBe(303);
  });

  it('serves Accounts to staff, and refuses it to a restricted employee', async () => {
    const user = await signInAs(test);
    const page = await test.app.inject({
      method: 'GET',
      url: '/static/v2/accounts.html',
      headers: { cookie: user.cookie },
    });
    expect([200, 503]).toContain(page.statusCode);
    expect(page.body).not.toContain('not available in this installation');
    const restricted = await signInAs(test, { restricted: true });
    const refused = await test.app.inject({
      method: 'GET',
      url: '/static/v2/accounts.html',
      headers: { cookie: restricted.cookie },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('answers 404 for an unknown page and sends visitors without a session to sign in', async () => {
    const user = await signInAs(test);
    const unknown = await test.app.inject({
      method: 'GET',
      url: '/static/v2/nope.html',
      headers: { cookie: user.cookie },
    });
    expect(unknown.statusCode).toBe(404);
    const anonymous = await test.app.inject({ method: 'GET', url: '/static/v2/management.html' });
    expect(anonymous.statusCode).toBe(303);
  });
});

describe('the Production system and the work queues', () => {
  it('serves production.html and the bench pages to staff only, never the not-available page', async () => {
    const user = await signInAs(test);
    for (const page of ['production', 'design', 'finishing', 'warehouse']) {
      const anonymous = await test.app.inject({ method: 'GET', url: `/static/v2/${page}.html` });
      expect(anonymous.statusCode, page).toBe(303);
      expect(anonymous.headers.location, page).toContain('/oauth2/authorize/');
      const response = await test.app.inject({
        method: 'GET',
        url: `/static/v2/${page}.html`,
        headers: { cookie: user.cookie },
      });
      // 200 with the built page, or 503 before `npm run build`: either way not the placeholder.
      expect([200, 503], page).toContain(response.statusCode);
      expect(response.body, page).not.toContain('This system is not available');
    }
  });
});
