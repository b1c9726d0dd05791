import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorMessage, signInAs, type TestApp } from '../testing';
import { startLocalMailbox, type LocalMailbox } from './local-mailbox';
import { createMailer } from './mailer';
import { readMime } from './read-mime';

// Where mail goes: an in-process mailbox (tests, `npm start` without SMTP_URL), readable by
// administrators at /api/dev/mailbox/; or the SMTP server SMTP_URL names, and then no mailbox route.

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});

afterAll(async () => {
  await test.close();
});

describe('the local mailbox', () => {
  it('receives real SMTP and reads the parts back, non-ASCII and long lines included', async () => {
    const text = `Grüße aus dem Labor — ${'lange Zeile '.repeat(20)}`;
    const { messageId } = await test.mail.mailer.send({
      to: 'zoë@example.com',
      subject: 'Crown ✓ ready for Zoë',
      text,
      html: `<p>${text}</p>`,
    });
    const [mail] = test.listMailbox().filter((m) => m.messageId === messageId);
    expect(mail).toMatchObject({
      to: ['zoë@example.com'],
      from: 'no-reply@lab.example',
      subject: 'Crown ✓ ready for Zoë',
      text,
      html: `<p>${text}</p>`,
    });
  });

  it('reads base64 parts and encoded headers', () => {
    const raw = [
      'Subject: =?UTF-8?B?w6lsw6h2ZQ==?= =?UTF-8?Q?_caf=C3=A9?=',
      'Content-Type: multipart/alternative; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('plain café').toString('base64'),
      '--b1',
      'Content-Type: text/html; charset=utf-8',
      '',
      '<b>html</b>',
      '--b1--',
      '',
    ].join('\r\n');
    expect(readMime(raw)).toMatchObject({ subject: 'élève café', text: 'plain café', html: '<b>html</b>' });
  });
});

describe('GET /api/dev/mailbox/', () => {
  it('lists the sent mail, newest first, to administrators only', async () => {
    await test.mail.mailer.send({ to: 'a@example.com', subject: 'First', text: 'one', html: '<p>one</p>' });
    await test.mail.mailer.send({ to: 'b@example.com', subject: 'Second', text: 'two', html: '<p>two</p>' });
    const anonymous = await test.app.inject({ method: 'GET', url: '/api/dev/mailbox/' });
    expect(anonymous.statusCode).toBe(401);
    expect(errorMessage(anonymous)).toBe('Not Logged In');
    const designer = await signInAs(test, { department: 'DESIGN' });
    const refused = await test.app.inject({
      method: 'GET',
      url: '/api/dev/mailbox/',
      headers: designer.headers,
    });
    expect(refused.statusCode).toBe(403);
    expect(errorMessage(refused)).toBe('Only an administrator can read the development mailbox');
    const admin = await signInAs(test, { department: 'ADMIN', admin: true });
    const listed = await test.app.inject({ method: 'GET', url: '/api/dev/mailbox/', headers: admin.headers });
    expect(listed.statusCode).toBe(200);
    const subjects = listed.json<{ messages: { subject: string; raw?: string }[] }>().messages;
    expect(subjects.slice(0, 2).map((m) => m.subject)).toEqual(['Second', 'First']);
    expect(subjects[0]?.raw).toBeUndefined();
  });
});

describe('with SMTP_URL', () => {
  let external: LocalMailbox;
  let configured: TestApp;

  beforeAll(async () => {
    external = await startLocalMailbox();
    configured = await createTestApp({
      env: { SMTP_URL: `smtp://${external.host}:${external.port}`, MAIL_FROM: 'Lab <lab@clinic.example>' },
    });
  });

  afterAll(async () => {
    await configured.close();
    await external.close();
  });

  it('sends there, and offers no mailbox route', async () => {
    expect(configured.mail.mailbox).toBeNull();
    await configured.mail.mailer.send({
      to: 'c@example.com',
      subject: 'Via SMTP_URL',
      text: 'x',
      html: '<p>x</p>',
    });
    expect(external.list().map((m) => [m.from, m.subject])).toEqual([['lab@clinic.example', 'Via SMTP_URL']]);
    const admin = await signInAs(configured, { admin: true });
    const response = await configured.app.inject({
      method: 'GET',
      url: '/api/dev/mailbox/',
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(404);
  });

  it('is checked at start', async () => {
    const { loadConfig } = await import('../config');
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL/);
    expect(loadConfig({}).mailFrom).toBe('Lab Cases <no-reply@lab.example>');
    const mailer = createMailer({ smtp: 'smtp://127.0.0.1:1', from: 'x@y.z', publicUrl: 'http://x' });
    await expect(mailer.send({ to: 'a@b.c', subject: 's', text: 't', html: 'h' })).rejects.toThrow();
    mailer.close();
  });
});
