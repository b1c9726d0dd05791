import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callCollection } from '../modules/collections/collection-write-test-kit';
import { patchMessage, postOk } from '../modules/messages/messages-test-kit';
import { createTestApp, signInAs, type SignedInUser, type TestApp } from '../testing';
import { createCollection, type CreatedCollection } from '../testing/factories';
import { eventually, notifyFromElsewhere } from './realtime-test-kit';

// The polled reads remember the answer they last served (cache/polled-etags.ts): a poll sending its ETag
// is a 304 and one without gets the kept text, neither loading anything, so a change made behind the application's back (SQL by hand, no event) stays
// unseen until an event names the collection; a write through the API and another process's event show
// at once; per-employee answers are remembered per employee.

let test: TestApp;
let staff: SignedInUser;
let other: SignedInUser;
let admin: SignedInUser;
let collection: CreatedCollection;

const get = (url: string, user: SignedInUser | null = staff, etag?: string) =>
  test.app.inject({
    method: 'GET',
    url,
    headers: { ...(user?.headers ?? {}), ...(etag ? { 'if-none-match': etag } : {}) },
  });

const currentEtag = async (url: string, user: SignedInUser | null = staff): Promise<string> => {
  const first = await get(url, user);
  expect(first.statusCode, first.body).toBe(200);
  return String(first.headers.etag);
};

beforeAll(async () => {
  test = await createTestApp();
  staff = await signInAs(test, { department: 'SUPPORT' });
  other = await signInAs(test, { department: 'SUPPORT' });
  admin = await signInAs(test, { admin: true });
  collection = await createCollection(test.db, { cases: [{ statusName: 'Polishing' }] });
});
afterAll(() => test.close());

/** A collection action through the API, which must succeed. */
const collectionAction = async (action: string, user: SignedInUser): Promise<void> => {
  const answer = await callCollection(test, {
    method: 'POST',
    uid: collection.uid,
    payload: { action },
    user,
  });
  expect(answer.statusCode, answer.body).toBe(200);
};

const changeByHand = (reference: string) =>
  test.db.execute(sql`UPDATE collections SET patient_reference = ${reference} WHERE uid = ${collection.uid}`);

describe('remembered ETags of the polled reads', () => {
  it('answers the remembered tag with a 304 without reading the database, until another process names the collection', async () => {
    const url = `/api/v2/collection/${collection.uid}/`;
    const etag = await currentEtag(url);
    await changeByHand('Changed by hand');
    // A load would have read the new reference: the 304 proves none ran.
    const unchanged = await get(url, staff, etag);
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(etag);
    expect(unchanged.headers['cache-control']).toBe('private, no-cache');

    await notifyFromElsewhere(test, [{ type: 'collection', uid: collection.uid }]);
    await eventually(async () => (await get(url, staff, etag)).statusCode === 200);
    const changed = await get(url, staff, etag);
    expect(changed.json()).toMatchObject({ patient_reference: 'Changed by hand' });
    expect(changed.headers.etag).not.toBe(etag);
    expect((await get(url, staff, String(changed.headers.etag))).statusCode).toBe(304);
  });

  it('answers a poll without a tag (another window opening) with the kept text, until the collection changes', async () => {
    const url = `/api/v2/collection/${collection.uid}/`;
    const etag = await currentEtag(url);
    await changeByHand('Kept text');
    // A load would have read the new reference: the same text and tag prove none ran.
    const kept = await get(url);
    expect(kept.statusCode).toBe(200);
    expect(kept.headers.etag).toBe(etag);
    expect(kept.json()).not.toMatchObject({ patient_reference: 'Kept text' });

    await notifyFromElsewhere(test, [{ type: 'collection', uid: collection.uid }]);
    await eventually(async () => (await get(url)).headers.etag !== etag);
    expect((await get(url)).json()).toMatchObject({ patient_reference: 'Kept text' });
  });

  it('answers a write through the API at the next poll with a 200 and a new ETag', async () => {
    const url = `/api/v2/collection/${collection.uid}/`;
    const etag = await currentEtag(url);
    const before = (await get(url)).json<{ vip: boolean }>().vip;
    await collectionAction('toggle_vip', staff);
    const changed = await get(url, staff, etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ vip: !before });
    expect(changed.headers.etag).not.toBe(etag);
  });

  it("keeps each employee's messages apart: one's read is not another's 304", async () => {
    const url = `/api/v2/collection/${collection.uid}/messages/`;
    const message = await postOk(test, admin, {
      case_collection_uid: collection.uid,
      case_uid: collection.cases[0]?.uid ?? '',
      message_type: 'CASE_NOTE',
      note: 'Check the margin',
    });
    const othersEtag = await currentEtag(url, other);
    expect((await patchMessage(test, staff, message.uid, 'read')).statusCode).toBe(200);

    const read = await get(url, staff);
    const readEtag = String(read.headers.etag);
    expect(read.json<{ uid: string; message_seen: boolean }[]>()).toContainEqual(
      expect.objectContaining({ uid: message.uid, message_seen: true }),
    );
    // The reader's tag is not the other employee's answer: a full answer with their own read state.
    const othersWithReadersTag = await get(url, other, readEtag);
    expect(othersWithReadersTag.statusCode).toBe(200);
    expect(othersWithReadersTag.json<{ uid: string; message_seen: boolean }[]>()).toContainEqual(
      expect.objectContaining({ uid: message.uid, message_seen: false }),
    );
    // The read changed the other employee's list too (its receipts): their old tag is stale.
    expect((await get(url, other, othersEtag)).statusCode).toBe(200);
    expect((await get(url, staff, readEtag)).statusCode).toBe(304);
  });

  it('keeps the portal out of every cache and checks its key on every poll, 304 or not', async () => {
    const oldKey = collection.portal_key;
    const url = `/api/v2/customer/${oldKey}/`;
    const etag = await currentEtag(url, null);
    const unchanged = await get(url, null, etag);
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.headers['cache-control']).toBe('no-store');

    await collectionAction('regenerate_portal_key', admin);
    const refused = await get(url, null, etag);
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});
