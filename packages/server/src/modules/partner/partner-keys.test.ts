import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalTexts, partnerTexts } from '@lab/domain';
import { key_guess_failures } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../testing';
import { createCollection, type CreatedCollection } from '../../testing/factories';
import { expectLinkHeaders } from '../portal/portal-test-kit';
import { createOutsourceJob, createPartnerCalls, errorOf, type PartnerCalls } from './partner-test-kit';

// The share key is the partner's whole identity, so guessing is limited per IP exactly as for the portal
// (one shared count): past the limit even the right key answers 429, on every partner route, so the
// answer never confirms a key.

const maxMisses = 3;

let test: TestApp;
let collection: CreatedCollection;
let calls: PartnerCalls;
let ipCounter = 0;

const nextIp = (): string => {
  ipCounter += 1;
  return `192.0.2.${ipCounter}`;
};

const wrongKey = (): string => randomBytes(24).toString('base64url');

beforeAll(async () => {
  test = await createTestApp({ env: { KEY_GUESS_MAX_FAILURES_PER_IP: String(maxMisses) } });
  collection = await createCollection(test.db, { cases: [{ statusName: 'Design Outsourced' }] });
  const item = collection.cases[0];
  if (!item) throw new Error('no case');
  const job = await createOutsourceJob(test.db, item.uid);
  calls = createPartnerCalls(test, job.outsource_key);
});

afterAll(async () => {
  await test.close();
});

describe('key guessing', () => {
  it('answers 429 with Retry-After after the misses of one IP, even for the right key', async () => {
    const ip = nextIp();
    for (let i = 0; i < maxMisses; i += 1) {
      const miss = await calls.load({ key: wrongKey(), ip });
      expect(miss.statusCode).toBe(404);
      expect(errorOf(miss).message).toBe(partnerTexts.notFound);
    }
    for (const response of [
      await calls.load({ ip }),
      await calls.file(1, { ip }),
      await calls.message({ message: 'Hello' }, { ip }),
      await calls.complete({ ip }),
    ]) {
      expect(response.statusCode).toBe(429);
      expect(errorOf(response).message).toBe(portalTexts.tooManyAttempts);
      expectLinkHeaders(response);
      const retryAfter = Number(response.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(test.config.signInWindowMinutes * 60);
    }
    // Another address is not held back.
    expect((await calls.load({ ip: nextIp() })).statusCode).toBe(200);
  });

  it('counts partner misses as partner guesses, in the count the portal shares', async () => {
    const ip = nextIp();
    await calls.load({ key: wrongKey(), ip });
    await calls.complete({ key: 'short', ip });
    const rows = await test.db
      .select({ kind: key_guess_failures.key_kind })
      .from(key_guess_failures)
      .where(eq(key_guess_failures.ip, ip));
    expect(rows).toEqual([{ kind: 'partner' }, { kind: 'partner' }]);
    // One more miss on the portal reaches the shared limit.
    const portalMiss = await test.app.inject({
      method: 'GET',
      url: `/api/v2/customer/${wrongKey()}/`,
      remoteAddress: ip,
    });
    expect(portalMiss.statusCode).toBe(404);
    expect((await calls.load({ ip })).statusCode).toBe(429);
  });

  it('does not count a right key as a miss', async () => {
    const ip = nextIp();
    for (let i = 0; i < maxMisses + 2; i += 1) {
      expect((await calls.load({ ip })).statusCode).toBe(200);
    }
  });
});
