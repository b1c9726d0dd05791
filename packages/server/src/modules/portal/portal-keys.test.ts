import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionMessages, collectionSchema, portalTexts } from '@lab/domain';
import { audit_events, collections, key_guess_failures } from '../../db/schema/index';
import { publishRealtimeEvents } from '../../realtime/events';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createCollection, type CreatedCollection } from '../../testing/factories';
import { keyFingerprint } from './portal-client';
import { expectLinkHeaders, jsonOf } from './portal-test-kit';

// The portal key is the client's whole identity: key guessing is limited per IP (past the limit even a
// right key answers 429, so the answer never confirms a key), every portal route refuses a key that
// reaches nothing with the same 404, and an admin can regenerate the key, which revokes the old one.

const maxMisses = 3;

let test: TestApp;
let admin: SignedInUser;
let designer: SignedInUser;
let collection: CreatedCollection;
let ipCounter = 0;

/** A fresh client address per test, so each starts with no misses. */
const nextIp = (): string => {
  ipCounter += 1;
  return `203.0.113.${ipCounter}`;
};

const loadFrom = (ip: string, key: string): Promise<LightMyRequestResponse> =>
  test.app.inject({ method: 'GET', url: `/api/v2/customer/${key}/`, remoteAddress: ip });

const wrongKey = (): string => randomBytes(24).toString('base64url');

beforeAll(async () => {
  test = await createTestApp({ env: { KEY_GUESS_MAX_FAILURES_PER_IP: String(maxMisses) } });
  admin = await signInAs(test, { department: 'ADMIN', admin: true });
  designer = await signInAs(test, { department: 'DESIGN' });
  collection = await createCollection(test.db, { clientName: 'Keyholder Dental' });
});

afterAll(async () => {
  await test.close();
});

describe('key guessing', () => {
  it('answers 429 with Retry-After after the misses of one IP, even for the right key', async () => {
    const ip = nextIp();
    for (let i = 0; i < maxMisses; i += 1) {
      const miss = await loadFrom(ip, wrongKey());
      expect(miss.statusCode).toBe(404);
      expect(errorMessage(miss)).toBe(portalTexts.notFound);
    }
    const right = await loadFrom(ip, collection.portal_key);
    expect(right.statusCode).toBe(429);
    expect(errorMessage(right)).toBe(portalTexts.tooManyAttempts);
    const retryAfter = Number(right.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(test.config.signInWindowMinutes * 60);
    expectLinkHeaders(right);
    const wrong = await loadFrom(ip, wrongKey());
    expect(wrong.statusCode).toBe(429);
    expect(errorMessage(wrong)).toBe(portalTexts.tooManyAttempts);
  });

  it('limits only the guessing IP; right keys never count', async () => {
    const guesser = nextIp();
    for (let i = 0; i < maxMisses; i += 1) await loadFrom(guesser, wrongKey());
    expect((await loadFrom(guesser, collection.portal_key)).statusCode).toBe(429);
    const client = nextIp();
    for (let i = 0; i < maxMisses * 3; i += 1) {
      expect((await loadFrom(client, collection.portal_key)).statusCode).toBe(200);
    }
  });

  it('hears a miss of another process: the IP it let in is counted in the database again', async () => {
    const ip = nextIp();
    expect((await loadFrom(ip, collection.portal_key)).statusCode).toBe(200);
    // What another process does on a miss: the row, then `key_guess_missed` through the channel.
    await test.db
      .insert(key_guess_failures)
      .values(Array.from({ length: maxMisses }, () => ({ ip, key_kind: 'partner' as const })));
    await publishRealtimeEvents(test.db, [{ type: 'key_guess_missed', ip }]);
    const limited = await loadFrom(ip, collection.portal_key);
    expect(limited.statusCode).toBe(429);
    expect(errorMessage(limited)).toBe(portalTexts.tooManyAttempts);
  });

  it('counts misses on every portal route, malformed keys included, and keeps no key', async () => {
    const ip = nextIp();
    const key = wrongKey();
    const misses = [
      {
        method: 'PATCH' as const,
        url: `/api/v2/customer/${key}/message/00000000-0000-4000-8000-000000000000/`,
      },
      { method: 'GET' as const, url: `/api/v2/customer/${key}/file/order_file/1/` },
      { method: 'GET' as const, url: '/api/v2/customer/not%20a%20key/' },
    ];
    for (const miss of misses) {
      const response = await test.app.inject({ ...miss, payload: { action: 'read' }, remoteAddress: ip });
      expect(response.statusCode).toBe(404);
    }
    const rows = await test.db.select().from(key_guess_failures).where(eq(key_guess_failures.ip, ip));
    expect(rows.map((r) => r.key_kind)).toEqual(['portal', 'portal', 'portal']);
    expect(JSON.stringify(rows)).not.toContain(key);
    expect((await loadFrom(ip, collection.portal_key)).statusCode).toBe(429);
  });

  it('lets the IP in again once its misses are older than the window', async () => {
    const ip = nextIp();
    for (let i = 0; i < maxMisses; i += 1) await loadFrom(ip, wrongKey());
    expect((await loadFrom(ip, collection.portal_key)).statusCode).toBe(429);
    const windowAgo = new Date(Date.now() - (test.config.signInWindowMinutes + 1) * 60_000);
    await test.db
      .update(key_guess_failures)
      .set({ failed_at: windowAgo })
      .where(eq(key_guess_failures.ip, ip));
    expect((await loadFrom(ip, collection.portal_key)).statusCode).toBe(200);
  });

  it('answers every portal route of the live table 404 with the link headers for a key that reaches nothing', async () => {
    const portalRoutes = test.app.routeAccessTable.filter(
      (r) => r.access === 'portal' && r.method !== 'HEAD',
    );
    expect(portalRoutes.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'GET /api/v2/customer/:portal_key/',
      'GET /api/v2/customer/:portal_key/file/:type/:id/',
      'PATCH /api/v2/customer/:portal_key/message/:uid/',
      'POST /api/v2/customer/:portal_key/approval/:approval_uid/',
      'POST /api/v2/customer/:portal_key/message/',
    ]);
    for (const route of portalRoutes) {
      const url = route.url
        .replace(':portal_key', wrongKey())
        .replace(/:([a-z_]+)/g, (_m, name: string) =>
          name === 'type' ? 'order_file' : name === 'id' ? '1' : '00000000-0000-4000-8000-000000000000',
        );
      const response = await test.app.inject({
        method: route.method as 'GET',
        url,
        payload: { action: 'read', note: 'x' },
        remoteAddress: nextIp(),
      });
      expect({ route: `${route.method} ${route.url}`, status: response.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 404,
      });
      expect(errorMessage(response)).toBe(portalTexts.notFound);
      expectLinkHeaders(response);
    }
  });
});

const regenerate = (user: SignedInUser | null, uid = collection.uid) =>
  test.app.inject({
    method: 'POST',
    url: `/api/v2/collection/${uid}/`,
    headers: user ? user.headers : {},
    payload: { action: 'regenerate_portal_key' },
  });

const storedKey = async (uid: string): Promise<string> => {
  const [row] = await test.db
    .select({ key: collections.portal_key })
    .from(collections)
    .where(eq(collections.uid, uid));
  if (!row) throw new Error('no collection');
  return row.key;
};

describe("POST /api/v2/collection/{uid}/ {action: 'regenerate_portal_key'}", () => {
  it('gives an admin a new key; the old one stops at once, the new one works', async () => {
    const target = await createCollection(test.db, { clientName: 'Regenerated Dental' });
    const oldKey = target.portal_key;
    // Opened once, so this process keeps the key's client (portal-client.ts).
    expect((await loadFrom(nextIp(), oldKey)).statusCode).toBe(200);
    const answer = collectionSchema.parse(jsonOf(await regenerate(admin, target.uid)));
    const newKey = answer.portal_key;
    expect(newKey).not.toBe(oldKey);
    // At least 128 random bits, base64url.
    expect(newKey).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(await storedKey(target.uid)).toBe(newKey);
    const ip = nextIp();
    const old = await loadFrom(ip, oldKey);
    expect(old.statusCode).toBe(404);
    expect(errorMessage(old)).toBe(portalTexts.notFound);
    const fresh = await loadFrom(ip, newKey);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json<{ uid: string }>().uid).toBe(target.uid);
  });

  it('audits the change by fingerprints, never the keys', async () => {
    const target = await createCollection(test.db, { clientName: 'Audited Dental' });
    const oldKey = target.portal_key;
    const newKey = collectionSchema.parse(jsonOf(await regenerate(admin, target.uid))).portal_key;
    const rows = await test.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.entity_id, target.uid), eq(audit_events.action, 'portal_key_regenerated')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      entity_type: 'collection',
      collection_uid: target.uid,
      case_uid: null,
      actor_kind: 'staff',
      actor_reference: admin.username,
      actor_via: null,
      changed_values: { portal_key: { old: keyFingerprint(oldKey), new: keyFingerprint(newKey) } },
    });
    const text = JSON.stringify(rows);
    expect(text).not.toContain(oldKey);
    expect(text).not.toContain(newKey);
  });

  it('refuses anyone but an admin, keeping the key', async () => {
    const target = await createCollection(test.db, { clientName: 'Kept Dental' });
    const refused = await regenerate(designer, target.uid);
    expect(refused.statusCode).toBe(403);
    expect(errorMessage(refused)).toBe(portalTexts.regenerateAdminOnly);
    const anonymous = await regenerate(null, target.uid);
    expect(anonymous.statusCode).toBe(401);
    expect(errorMessage(anonymous)).toBe('Invalid Token');
    expect(await storedKey(target.uid)).toBe(target.portal_key);
    expect((await loadFrom(nextIp(), target.portal_key)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown collection', async () => {
    const response = await regenerate(admin, '00000000-0000-4000-8000-000000000000');
    expect(response.statusCode).toBe(404);
    expect(errorMessage(response)).toBe(collectionMessages.loadFailed);
  });
});
