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
      url: '/static/v2/warehouse.html',
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1>Warehouse</h1>');
    expect(response.body).toContain('This system is not available in this installation yet.');
    const checkin = await test.app.inject({
      method: 'GET',
      url: '/clients/checkin',
      headers: { cookie: user.cookie },
    });
    expect(checkin.body).toContain('<h1>Checkin</h1>');
  });

  it('answers 404 for an unknown page and sends visitors without a session to sign in', async () => {
    const user = await signInAs(test);
    const unknown = await test.app.inject({
      method: 'GET',
      url: '/static/v2/nope.html',
      headers: { cookie: user.cookie },
    });
    expect(unknown.statusCode).toBe(404);
    const anonymous = await test.app.inject({ method: 'GET', url: '/static/v2/design.html' });
    expect(anonymous.statusCode).toBe(303);
  });
});
