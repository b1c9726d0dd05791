import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { guessPublicUrl, resolvePublicUrl } from '../lab-addresses';
import { waitForMail } from '../mail/mail-test-kit';
import { buildAppOn, createTestApp, signInAs, type TestApp } from '../testing';
import { createClient, createCollection } from '../testing/factories';

// A lab opens the server from every PC by a host name: what a page is told to call is the origin it was
// opened at, and what leaves without a request (e-mails) names this machine, never localhost.

// One database for the file, copying one being most of an app's making: the test app in the default
// configuration (no PUBLIC_URL, listening on every interface, no proxy trusted) answers /conf and sends the
// e-mails, and the one behind a trusted proxy is built on the same database.
let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test.close();
});

describe('/conf', () => {
  const confAt = async (headers: Record<string, string>) => {
    const answer = await test.app.inject({ method: 'GET', url: '/conf', headers });
    expect(answer.statusCode).toBe(200);
    return answer.json<{ backend_url: string; file_transfer_url: string }>();
  };

  it('answers the origin each browser reached the server at', async () => {
    expect(await confAt({ host: 'labserver:8080' })).toMatchObject({
      backend_url: 'http://labserver:8080',
      file_transfer_url: 'http://labserver:8080/files',
    });
    expect(await confAt({ host: '192.168.1.20:8080' })).toMatchObject({
      backend_url: 'http://192.168.1.20:8080',
      file_transfer_url: 'http://192.168.1.20:8080/files',
    });
  });

  it('ignores forwarded headers from a proxy it does not trust', async () => {
    const conf = await confAt({
      host: 'labserver:8080',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'evil.example',
    });
    expect(conf.backend_url).toBe('http://labserver:8080');
  });

  it('falls back to the configured address for a Host that is no host', async () => {
    const conf = await confAt({ host: 'lab server/<script>' });
    expect(conf.backend_url).toBe(test.config.publicUrl);
  });
});

describe('/conf behind a trusted proxy', () => {
  let behindProxy: FastifyInstance;
  beforeAll(async () => {
    behindProxy = await buildAppOn(test, { TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await behindProxy.close();
  });

  it('answers the address the proxy was reached at', async () => {
    const answer = await behindProxy.inject({
      method: 'GET',
      url: '/conf',
      headers: { host: '10.0.0.5:8080', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'cases.lab.local' },
    });
    expect(answer.json()).toMatchObject({
      backend_url: 'https://cases.lab.local',
      file_transfer_url: 'https://cases.lab.local/files',
    });
  });
});

describe('the address e-mails carry', () => {
  it('names this machine, not localhost, with PUBLIC_URL unset and every interface listened on', async () => {
    expect(test.config.isPublicUrlSet).toBe(false);
    expect(test.config.host).toBe('0.0.0.0');
    const staff = await signInAs(test, { department: 'ADMIN' });
    const client = await createClient(test.db, { name: 'Bayside Dental', email: 'front@bayside.example' });
    const collection = await createCollection(test.db, { client, cases: [{}] });
    const caseId = collection.cases[0]?.case_id;
    const received = await test.app.inject({
      method: 'POST',
      url: `/api/v2/case/${caseId}/`,
      headers: staff.headers,
      payload: { action: 'received', send_email: true },
    });
    expect(received.statusCode).toBe(200);
    const mail = await waitForMail(test, (m) => m.to.includes('front@bayside.example'));
    const links = [...`${mail.text} ${mail.html}`.matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((m) => m[0]);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(new URL(link).hostname).not.toMatch(/^(localhost|127\.|\[?::1)/);
    expect(mail.text).toContain(
      `${test.config.publicUrl}/static/v2/portal.html?key=${collection.portal_key}`,
    );
  });

  it('is shown to administrators in /api/me/, and to no one else', async () => {
    const admin = await signInAs(test, { department: 'ADMIN', admin: true });
    const designer = await signInAs(test, { department: 'DESIGN' });
    const asAdmin = await test.app.inject({ method: 'GET', url: '/api/me/', headers: admin.headers });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toMatchObject({ public_url: test.config.publicUrl });
    const asDesigner = await test.app.inject({ method: 'GET', url: '/api/me/', headers: designer.headers });
    expect(asDesigner.statusCode).toBe(200);
    expect(asDesigner.json()).not.toHaveProperty('public_url');
  });
});

describe('the guessed public address', () => {
  it('is this machine on every interface, the interface itself when bound to one', () => {
    const machine = os.hostname();
    expect(guessPublicUrl({ host: '0.0.0.0', port: 8080, isTls: false })).toBe(
      machine === 'localhost' ? expect.any(String) : `http://${machine}:8080`,
    );
    expect(guessPublicUrl({ host: '10.1.2.3', port: 8443, isTls: true })).toBe('https://10.1.2.3:8443');
    expect(guessPublicUrl({ host: '127.0.0.1', port: 8080, isTls: false })).toBe('http://127.0.0.1:8080');
  });

  it('gives way to a network address when the host name does not resolve', async () => {
    const resolved = await resolvePublicUrl({
      publicUrl: 'http://no-such-lab-server.invalid:8080',
      isPublicUrlSet: false,
      host: '0.0.0.0',
    });
    const hasNetwork = Object.values(os.networkInterfaces()).some((list) =>
      list?.some((address) => address.family === 'IPv4' && !address.internal),
    );
    if (hasNetwork) expect(resolved).toMatch(/^http:\/\/\d+\.\d+\.\d+\.\d+:8080$/);
    else expect(resolved).toBe('http://no-such-lab-server.invalid:8080');
  });

  it('is never guessed when PUBLIC_URL is set', async () => {
    const config = loadConfig({ PUBLIC_URL: 'https://cases.lab.example/' });
    expect(config.publicUrl).toBe('https://cases.lab.example');
    expect(await resolvePublicUrl(config)).toBe('https://cases.lab.example');
  });
});
