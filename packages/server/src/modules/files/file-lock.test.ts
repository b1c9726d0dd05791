import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionMessages } from '@lab/domain';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createCollection, type CreatedCollection } from '../../testing/factories';
import { holdFileLock } from './file-lock';

// GET /api/v2/event/{uid}/?queue=true: the file lock a file operation holds, polled every 2 s, with an
// ETag so an unchanged answer is a bodiless 304.

let test: TestApp;
let staff: SignedInUser;
let collection: CreatedCollection;

const poll = (uid: string, headers: Record<string, string> = staff.headers) =>
  test.app.inject({ method: 'GET', url: `/api/v2/event/${uid}/?queue=true`, headers });

beforeAll(async () => {
  test = await createTestApp();
  staff = await signInAs(test);
  collection = await createCollection(test.db, { cases: [{}] });
});
afterAll(() => test.close());

describe('the file-lock poll', () => {
  it('needs a signed-in employee and a known collection', async () => {
    expect((await poll(collection.uid, {})).statusCode).toBe(401);
    for (const uid of ['not-a-uid', '00000000-0000-4000-8000-000000000000']) {
      const response = await poll(uid);
      expect(response.statusCode).toBe(404);
      expect(errorMessage(response)).toBe(collectionMessages.loadFailed);
    }
  });

  it('answers unlocked, then 304 while nothing changes', async () => {
    const first = await poll(collection.uid);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ locked: false, locked_until: null });
    const etag = String(first.headers.etag);
    const again = await poll(collection.uid, { ...staff.headers, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('is locked while a file operation runs and unlocked once it ends, even when it fails', async () => {
    let release: () => void = () => undefined;
    let taken: () => void = () => undefined;
    const leaseTaken = new Promise<void>((resolve) => (taken = resolve));
    // The work runs once the lease is committed.
    const running = holdFileLock(test.db, collection.uid, () => {
      taken();
      return new Promise<void>((resolve) => (release = resolve));
    });
    await leaseTaken;
    const during = await poll(collection.uid);
    expect(during.json()).toMatchObject({ locked: true });
    expect(Date.parse(during.json<{ locked_until: string }>().locked_until)).toBeGreaterThan(Date.now());
    release();
    await running;
    expect((await poll(collection.uid)).json()).toEqual({ locked: false, locked_until: null });

    await expect(
      holdFileLock(test.db, collection.uid, () => Promise.reject(new Error('copy failed'))),
    ).rejects.toThrow('copy failed');
    expect((await poll(collection.uid)).json()).toEqual({ locked: false, locked_until: null });
  });
});
