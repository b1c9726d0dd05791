import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communications } from '../db/schema/index';
import { createTestApp, errorMessage, type TestApp } from '../testing';
import { createCollection } from '../testing/factories';
import { recordCommunication } from './communications';
import { addTracking, isTrackingKey, newTrackingKey, ownTarget } from './tracking';

// Our own open and click tracking: the pixel counts opens, the redirect counts clicks and leads only back
// to this site.

let test: TestApp;
let key: string;
let communicationId: number;

beforeAll(async () => {
  test = await createTestApp();
  const collection = await createCollection(test.db, { cases: [{}] });
  const recorded = await recordCommunication(
    test.db,
    {
      communication_type: 'CASE_RECEIVED',
      email: 'someone@example.com',
      client_uid: null,
      case_collection_uid: collection.uid,
      case_uid: collection.cases[0]?.uid ?? null,
    },
    { subject: 'Tracked' },
  );
  key = recorded.tracking_key ?? '';
  communicationId = recorded.id;
});

afterAll(async () => {
  await test.close();
});

const counts = async () => {
  const [row] = await test.db
    .select({ opens: communications.opens, clicks: communications.clicks })
    .from(communications)
    .where(eq(communications.id, communicationId));
  return row;
};

describe('tracking keys', () => {
  it('carry at least 128 random bits, base64url', () => {
    const keys = new Set(Array.from({ length: 200 }, () => newTrackingKey()));
    expect(keys.size).toBe(200);
    for (const k of keys) {
      expect(isTrackingKey(k)).toBe(true);
      expect(Buffer.from(k, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    }
  });
});

describe('GET /t/o/{key}.gif', () => {
  it('answers an uncached 1×1 GIF and counts each open', async () => {
    const response = await test.app.inject({ method: 'GET', url: `/t/o/${key}.gif` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/gif');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.rawPayload.subarray(0, 6).toString()).toBe('GIF89a');
    await test.app.inject({ method: 'GET', url: `/t/o/${key}.gif` });
    expect((await counts())?.opens).toBe(2);
    // A HEAD (a link preview or a scanner) is not an open.
    const head = await test.app.inject({ method: 'HEAD', url: `/t/o/${key}.gif` });
    expect(head.statusCode).toBe(404);
    expect((await counts())?.opens).toBe(2);
  });

  it('answers the same GIF for a key it does not know, counting nothing', async () => {
    const before = await counts();
    const response = await test.app.inject({ method: 'GET', url: `/t/o/${newTrackingKey()}.gif` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/gif');
    const junk = await test.app.inject({ method: 'GET', url: '/t/o/nothing-here' });
    expect(junk.statusCode).toBe(200);
    expect(await counts()).toEqual(before);
  });
});

describe('GET /t/c/{key}?u=', () => {
  const click = (u: string, k = key) =>
    test.app.inject({ method: 'GET', url: `/t/c/${k}?u=${encodeURIComponent(u)}` });

  it('redirects to our own pages and counts the click', async () => {
    const target = `${test.config.publicUrl}/static/v2/portal.html?key=abc`;
    const response = await click(target);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(target);
    expect(response.headers['cache-control']).toBe('no-store');
    expect((await counts())?.clicks).toBe(1);
    const relative = await click('/static/v2/portal.html?key=abc');
    expect(relative.headers.location).toBe(target);
    expect((await counts())?.clicks).toBe(2);
  });

  it('refuses any other target, counting nothing', async () => {
    for (const target of [
      'https://evil.example/phish',
      '//evil.example/phish',
      '/\\evil.example/phish',
      'javascript:alert(1)',
      `${test.config.publicUrl}.evil.example/`,
      '',
    ]) {
      const response = await click(target);
      expect({ target, status: response.statusCode }).toEqual({ target, status: 400 });
      expect(errorMessage(response)).toBe('This link does not lead to this site');
    }
    const missing = await test.app.inject({ method: 'GET', url: `/t/c/${key}` });
    expect(missing.statusCode).toBe(400);
    expect((await counts())?.clicks).toBe(2);
  });
});

describe('addTracking', () => {
  it('sends our own links through the redirect, leaves others and adds the pixel', () => {
    const publicUrl = 'https://lab.example';
    const html =
      '<html><body><a href="https://lab.example/static/v2/portal.html?key=a&amp;x=1">Portal</a>' +
      '<a href="https://other.example/">Elsewhere</a></body></html>';
    const tracked = addTracking(html, { publicUrl, key: 'K'.repeat(32) });
    expect(tracked).toContain(
      `href="https://lab.example/t/c/${'K'.repeat(32)}?u=${encodeURIComponent('https://lab.example/static/v2/portal.html?key=a&x=1')}"`,
    );
    expect(tracked).toContain('href="https://other.example/"');
    expect(tracked).toMatch(/<img src="https:\/\/lab\.example\/t\/o\/K{32}\.gif"[^>]*><\/body><\/html>$/);
  });

  it('knows its own origin', () => {
    expect(ownTarget('https://lab.example', 'https://lab.example:443/a')).toBe('https://lab.example/a');
    expect(ownTarget('https://lab.example', 'http://lab.example/a')).toBeNull();
    expect(ownTarget('https://lab.example', 'https://lab.example@evil.example/')).toBeNull();
  });
});
