import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonMessages, uploadMessages } from '@lab/domain';
import { audit_events, files } from '../../db/schema/index';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createClient, createCollection, type CreatedCollection } from '../../testing/factories';
import { expectLinkHeaders, postUpload, putBytes, requestUpload, stlBytes } from './file-service-test-kit';

// The file service under hostile use: many holders of one upload link at once, and references the
// database cannot even compare. Each answers a clear 4xx and leaves exactly what one good call would.

let test: TestApp;
let staff: SignedInUser;
let collection: CreatedCollection;

beforeAll(async () => {
  test = await createTestApp();
  staff = await signInAs(test);
  collection = await createCollection(test.db, { client: await createClient(test.db, { country: 'AU' }) });
});
afterAll(() => test.close());

describe('PUT /files/upload/{token}', () => {
  it('takes exactly one of 50 simultaneous uploads to one link, audited once', async () => {
    const item = await requestUpload(test, staff, 'bite.stl', {
      entityType: 'COLLECTION',
      entityIdentification: collection.uid,
    });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => putBytes(test, item.oneTimeUploadLink, stlBytes(2))),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expect(refused.statusCode).toBe(410);
      expect(errorMessage(refused)).toBe(uploadMessages.linkGone);
      expectLinkHeaders(refused);
    }
    const [row] = await test.db.select().from(files).where(eq(files.uid, item.uid));
    expect(row?.upload_state).toBe('complete');
    expect(row?.size_bytes).toBe(84 + 50 * 2);
    const audited = await test.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.entity_id, item.uid), eq(audit_events.action, 'uploaded')));
    expect(audited).toHaveLength(1);
  });
});

describe('POST /files/upload/{country}', () => {
  it('answers 400 to a case reference with a NUL character, reserving nothing', async () => {
    const before = await test.db.select({ id: files.id }).from(files);
    const response = await postUpload(test, staff, [
      { fileName: 'a.stl', fileReferences: [{ entityType: 'CASE', entityIdentification: 'a\u0000b' }] },
    ]);
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toBe(commonMessages.unstorableText);
    expectLinkHeaders(response);
    expect(await test.db.select({ id: files.id }).from(files)).toHaveLength(before.length);
  });
});
