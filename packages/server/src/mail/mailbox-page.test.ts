import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../testing';
import { createClient, createCollection } from '../testing/factories';
import { waitForMail } from './mail-test-kit';
import { findMailLinks } from './mailbox-page';

// The development mailbox opens in an administrator's signed-in browser tab (the session cookie) as a
// page of the sent mails with their links; tests and the e2e keep reading it as JSON with a token.

let test: TestApp;
let admin: SignedInUser;

// What Chromium sends when a tab opens an address.
const browserAccept = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,*/*;q=0.8';

beforeAll(async () => {
  test = await createTestApp();
  admin = await signInAs(test, { department: 'ADMIN', admin: true });
});

afterAll(async () => {
  await test.close();
});

const openInBrowser = (cookie?: string) =>
  test.app.inject({
    method: 'GET',
    url: '/api/dev/mailbox/',
    headers: { accept: browserAccept, ...(cookie ? { cookie } : {}) },
  });

describe('GET /api/dev/mailbox/ in a browser', () => {
  it("shows an administrator the sent mails with their links, the case e-mail's portal link among them", async () => {
    const client = await createClient(test.db, { name: 'Harbour Dental', email: 'lab@harbour.example' });
    const collection = await createCollection(test.db, { client, cases: [{}] });
    const caseRow = collection.cases[0];
    if (!caseRow) throw new Error('no case');
    const received = await test.app.inject({
      method: 'POST',
      url: `/api/v2/case/${caseRow.case_id}/`,
      headers: admin.headers,
      payload: { action: 'received', send_email: true },
    });
    expect(received.statusCode).toBe(200);
    const subject = `We have received case ${collection.collection_id}`;
    await waitForMail(test, (m) => m.subject === subject);

    const page = await openInBrowser(admin.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    const portalLink = `${test.config.publicUrl}/static/v2/portal.html?key=${collection.portal_key}`;
    expect(page.body).toContain(`<h2>${subject}</h2>`);
    expect(page.body).toContain('lab@harbour.example');
    expect(page.body).toContain(`<a href="${portalLink}" rel="noreferrer">${portalLink}</a>`);
    // The button's tracked link is shown as its target: a developer's click is not the client's.
    expect(page.body).not.toContain('/t/c/');
    expect(page.body).not.toMatch(/<script/i);
  });

  it('lists newest first and escapes everything the mail says', async () => {
    await test.mail.mailer.send({ to: 'a@example.com', subject: 'Older', text: 'one', html: '<p>one</p>' });
    await test.mail.mailer.send({
      to: 'b@example.com',
      subject: '<script>alert(1)</script> & co',
      text: 'Open https://lab.example/x?a=1&b=<2> now.',
      html: '<a href="javascript:alert(1)">x</a><a href=\'https://lab.example/"onmouseover=1\'>y</a>',
    });
    const page = await openInBrowser(admin.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h2>&lt;script&gt;alert(1)&lt;/script&gt; &amp; co</h2>');
    expect(page.body.indexOf('&amp; co</h2>')).toBeLessThan(page.body.indexOf('<h2>Older</h2>'));
    expect(page.body).not.toContain('<script>');
    expect(page.body).not.toContain('javascript:');
    expect(page.body).toContain('href="https://lab.example/x?a=1&amp;b="');
    expect(page.body).toContain('href="https://lab.example/%22onmouseover=1"');
  });

  it('refuses a signed-in employee who is not an administrator', async () => {
    const designer = await signInAs(test, { department: 'DESIGN' });
    const refused = await openInBrowser(designer.cookie);
    expect(refused.statusCode).toBe(403);
    expect(errorMessage(refused)).toBe('Only an administrator can read the development mailbox');
  });

  it('refuses a browser that is not signed in', async () => {
    const refused = await openInBrowser();
    expect(refused.statusCode).toBe(401);
    expect(errorMessage(refused)).toBe('Not Logged In');
  });

  it('answers JSON, as before, unless the client prefers HTML', async () => {
    for (const accept of [undefined, '*/*', 'application/json', 'text/html, application/json']) {
      const answer = await test.app.inject({
        method: 'GET',
        url: '/api/dev/mailbox/',
        headers: { cookie: admin.cookie, ...(accept ? { accept } : {}) },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.json<{ messages: unknown[] }>().messages.length).toBeGreaterThan(0);
    }
  });
});

describe('findMailLinks', () => {
  it('takes the hrefs of the HTML part and the URLs of the text part, once each', () => {
    const links = findMailLinks({
      html: '<a href="https://lab.example/a?x=1&amp;y=2">a</a> <a href=mailto:x@y.z>m</a> <img src="https://lab.example/p.gif">',
      text: 'See https://lab.example/a?x=1&y=2, or (https://lab.example/b). Also ftp://nope.example',
    });
    expect(links).toEqual(['https://lab.example/a?x=1&y=2', 'https://lab.example/b']);
  });

  it('shows a click redirect as the address it leads to', () => {
    const target = 'http://lab:8080/static/v2/portal.html?key=abc';
    const links = findMailLinks({
      html: `<a href="http://lab:8080/t/c/${'k'.repeat(32)}?u=${encodeURIComponent(target)}">Open</a>`,
      text: '',
    });
    expect(links).toEqual([target]);
  });
});
