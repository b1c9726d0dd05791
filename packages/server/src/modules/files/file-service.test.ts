import { randomBytes, randomUUID } from 'node:crypto';
import { readdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileServiceMessages, uploadMessages } from '@lab/domain';
import { audit_events, file_links, files } from '../../db/schema/index';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createClient, createCollection, type CreatedCollection } from '../../testing/factories';
import {
  askDownloadLink,
  expectLinkHeaders,
  pngBytes,
  postUpload,
  putBytes,
  putOverSocket,
  requestUpload,
  stlBytes,
  uploadFile,
  type Reference,
} from './file-service-test-kit';

// The file service end to end through app.inject on the real test database and a real local storage
// folder. Uploads are capped at 64 KiB here (FILE_UPLOAD_MAX_BYTES) so the 413 case stays fast.

const uploadCap = 64 * 1024;
let test: TestApp;
let staff: SignedInUser;
let collection: CreatedCollection;
let toCollection: Reference;

beforeAll(async () => {
  test = await createTestApp({ env: { FILE_UPLOAD_MAX_BYTES: String(uploadCap) } });
  staff = await signInAs(test);
  const client = await createClient(test.db, { country: 'AU' });
  collection = await createCollection(test.db, {
    client,
    cases: [{ statusName: 'Design In Progress' }, { statusName: 'Design In Progress' }],
  });
  toCollection = { entityType: 'COLLECTION', entityIdentification: collection.uid };
});
afterAll(() => test.close());

const firstCase = () => {
  const row = collection.cases[0];
  if (!row) throw new Error('no case');
  return row;
};

const fileRow = async (uid: string) => {
  const [row] = await test.db.select().from(files).where(eq(files.uid, uid));
  if (!row) throw new Error(`no file ${uid}`);
  return row;
};

const get = (url: string) => test.app.inject({ method: 'GET', url });

describe('POST /files/upload/{country}', () => {
  it('answers 401 without a token', async () => {
    const response = await postUpload(test, null, [{ fileName: 'a.stl', fileReferences: [toCollection] }]);
    expect(response.statusCode).toBe(401);
    expect(errorMessage(response)).toBe('Invalid Token');
  });

  it('answers 400 with the spec text for an empty list, a bad type, an unknown reference and country', async () => {
    const before = await test.db.$count(files);
    const cases: [unknown, string, string?][] = [
      [[], fileServiceMessages.noItems],
      [
        [
          { fileName: 'scan.stl', fileReferences: [toCollection] },
          { fileName: 'setup.exe', fileReferences: [toCollection] },
        ],
        uploadMessages.typeNotAllowed('setup.exe'),
      ],
      [[{ fileName: 'a.stl', fileReferences: [] }], fileServiceMessages.noReferences],
      [
        [
          {
            fileName: 'a.stl',
            fileReferences: [{ entityType: 'COLLECTION', entityIdentification: randomUUID() }],
          },
        ],
        fileServiceMessages.unknownReference,
      ],
      [
        [{ fileName: 'a.stl', fileReferences: [{ entityType: 'CASE', entityIdentification: '999999-01' }] }],
        fileServiceMessages.unknownReference,
      ],
      [
        [
          {
            fileName: 'a.stl',
            fileReferences: [{ entityType: 'COLLECTION', entityIdentification: 'not-a-uid' }],
          },
        ],
        fileServiceMessages.unknownReference,
      ],
      [[{ fileName: 'a.stl', fileReferences: [toCollection] }], uploadMessages.unknownCountry, 'XYZ'],
      [[{ fileName: 'a.stl', fileReferences: [toCollection] }], uploadMessages.unknownCountry, 'a1'],
    ];
    for (const [body, message, country] of cases) {
      const response = await postUpload(test, staff, body, country);
      expect({ body, status: response.statusCode, message: errorMessage(response) }).toEqual({
        body,
        status: 400,
        message,
      });
    }
    expect(await test.db.$count(files)).toBe(before);
  });

  it('reserves a pending collection file per item with a one-time upload link', async () => {
    const response = await postUpload(test, staff, [
      { fileName: 'upper.stl', fileReferences: [toCollection] },
      {
        fileName: 'photo.png',
        fileReferences: [{ entityType: 'CASE', entityIdentification: firstCase().case_mkey }],
      },
      {
        fileName: 'notes.txt',
        fileReferences: [{ entityType: 'CASE', entityIdentification: firstCase().uid }],
      },
    ]);
    expect(response.statusCode).toBe(200);
    const items = response.json<{ uid: string; fileName: string; oneTimeUploadLink: string }[]>();
    expect(items.map((i) => i.fileName)).toEqual(items.map((i) => `${i.uid}/${i.fileName.slice(37)}`));
    expect(items.map((i) => i.fileName.slice(37))).toEqual(['upper.stl', 'photo.png', 'notes.txt']);
    for (const item of items) expect(item.oneTimeUploadLink).toMatch(/^\/files\/upload\/[A-Za-z0-9_-]{43}$/);
    const rows = await Promise.all(items.map((i) => fileRow(i.uid)));
    expect(rows.map((r) => [r.upload_state, r.file_category, r.collection_uid, r.case_uid])).toEqual([
      ['pending', 'collection_file', collection.uid, null],
      ['pending', 'collection_file', collection.uid, firstCase().uid],
      ['pending', 'collection_file', collection.uid, firstCase().uid],
    ]);
    // Only the token's hash is stored.
    const token = items[0]?.oneTimeUploadLink.split('/').pop() ?? '';
    const links = await test.db
      .select()
      .from(file_links)
      .where(eq(file_links.file_id, rows[0]?.id ?? 0));
    expect(links.map((l) => [l.purpose, l.token_hash === token])).toEqual([['upload', false]]);
  });
});

describe('upload → PUT → download', () => {
  it('round-trips identical bytes with the link headers, and audits the upload', async () => {
    const bytes = stlBytes(40);
    const item = await requestUpload(test, staff, 'Upper Jaw ✓.stl', toCollection);
    const put = await putBytes(test, item.oneTimeUploadLink, bytes);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ uid: item.uid, fileName: item.fileName });
    expectLinkHeaders(put);
    const row = await fileRow(item.uid);
    expect(row).toMatchObject({
      upload_state: 'complete',
      size_bytes: bytes.length,
      content_type: 'model/stl',
    });

    const link = await askDownloadLink(test, staff, item.fileName);
    expect(link.statusCode).toBe(200);
    const { oneTimeDownloadLink } = link.json<{ oneTimeDownloadLink: string }>();
    expect(oneTimeDownloadLink).toMatch(/^\/files\/download\/[A-Za-z0-9_-]{43}$/);

    const download = await get(oneTimeDownloadLink);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);
    expectLinkHeaders(download);
    expect(download.headers['content-type']).toBe('model/stl');
    expect(download.headers['content-length']).toBe(String(bytes.length));
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Upper Jaw _.stl"; filename*=UTF-8''Upper%20Jaw%20%E2%9C%93.stl`,
    );

    const audits = await test.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.entity_type, 'file'), eq(audit_events.entity_id, item.uid)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      action: 'uploaded',
      collection_uid: collection.uid,
      actor_reference: staff.username,
      changed_values: { filename: 'Upper Jaw ✓.stl', size_bytes: bytes.length },
    });
  });

  it('takes raw bodies of any content type unparsed, and finds a file by its bare uid', async () => {
    const text = Buffer.from('{"not": "parsed as JSON"}\n');
    const item = await requestUpload(test, staff, 'notes.txt', toCollection);
    const put = await putBytes(test, item.oneTimeUploadLink, text, 'application/json');
    expect(put.statusCode, put.body).toBe(200);
    const link = await askDownloadLink(test, staff, item.uid);
    const download = await get(link.json<{ oneTimeDownloadLink: string }>().oneTimeDownloadLink);
    expect(download.rawPayload.equals(text)).toBe(true);
    expect(download.headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('answers 410 to a second PUT or GET of a link, also with the link headers', async () => {
    const bytes = stlBytes();
    const item = await uploadFile(test, staff, 'twice.stl', bytes, toCollection);
    const again = await putBytes(test, item.oneTimeUploadLink, stlBytes());
    expect(again.statusCode).toBe(410);
    expect(errorMessage(again)).toBe(uploadMessages.linkGone);
    expectLinkHeaders(again);
    expect((await get(item.downloadLink)).statusCode).toBe(200);
    const second = await get(item.downloadLink);
    expect(second.statusCode).toBe(410);
    expect(errorMessage(second)).toBe(uploadMessages.linkGone);
    expectLinkHeaders(second);
    // The first upload's bytes are untouched by the refused second PUT.
    const fresh = await askDownloadLink(test, staff, item.fileName);
    expect((await get(fresh.json<{ oneTimeDownloadLink: string }>().oneTimeDownloadLink)).rawPayload).toEqual(
      bytes,
    );
  });

  it('answers 404 to a token it never issued and does not use links up on HEAD', async () => {
    for (const url of [`/files/download/${randomBytes(32).toString('base64url')}`, '/files/download/short']) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(errorMessage(response)).toBe('Not Found');
      expectLinkHeaders(response);
    }
    const item = await uploadFile(test, staff, 'head.stl', stlBytes(), toCollection);
    expect((await test.app.inject({ method: 'HEAD', url: item.downloadLink })).statusCode).toBe(404);
    expect((await get(item.downloadLink)).statusCode).toBe(200);
  });

  it('answers 410 to an expired link', async () => {
    const item = await uploadFile(test, staff, 'late.stl', stlBytes(), toCollection);
    const upload = await requestUpload(test, staff, 'late-upload.stl', toCollection);
    await test.db
      .update(file_links)
      .set({ expires_at: sql`now() - interval '1 minute'` })
      .where(sql`${file_links.used_at} IS NULL`);
    for (const response of [
      await get(item.downloadLink),
      await putBytes(test, upload.oneTimeUploadLink, stlBytes()),
    ]) {
      expect(response.statusCode).toBe(410);
      expect(errorMessage(response)).toBe(uploadMessages.linkGone);
    }
  });

  it('lets exactly one of 50 simultaneous downloads of one link through', async () => {
    const bytes = stlBytes(20);
    const item = await uploadFile(test, staff, 'race.stl', bytes, toCollection);
    const answers = await Promise.all(Array.from({ length: 50 }, () => get(item.downloadLink)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 410)).toHaveLength(49);
    expect(answers.find((a) => a.statusCode === 200)?.rawPayload.equals(bytes)).toBe(true);
  });

  it('answers 413 over the cap and keeps the link used, 400 for content that is not its type', async () => {
    const big = await requestUpload(test, staff, 'huge.stl', toCollection);
    const tooBig = await putBytes(test, big.oneTimeUploadLink, stlBytes(Math.ceil(uploadCap / 50)));
    expect(tooBig.statusCode).toBe(413);
    expect(errorMessage(tooBig)).toBe(uploadMessages.tooLarge('huge.stl', uploadCap));
    expect((await putBytes(test, big.oneTimeUploadLink, stlBytes())).statusCode).toBe(410);

    const fake = await requestUpload(test, staff, 'photo.png', toCollection);
    const mismatch = await putBytes(test, fake.oneTimeUploadLink, Buffer.from('just some text, not a PNG'));
    expect(mismatch.statusCode).toBe(400);
    expect(errorMessage(mismatch)).toBe(uploadMessages.contentMismatch('photo.png', 'png'));
    expect((await fileRow(fake.uid)).upload_state).toBe('pending');
    const link = await askDownloadLink(test, staff, fake.fileName);
    expect(link.statusCode).toBe(404);
    expect(errorMessage(link)).toBe(uploadMessages.fileNotFound);
  });

  it('answers 413 on a real socket before the body is read, and closes that connection', async () => {
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    const item = await requestUpload(test, staff, 'socket.stl', toCollection);
    const answer = await putOverSocket(test, item.oneTimeUploadLink, stlBytes(100_000));
    expect(answer.status).toBe(413);
    expect(answer.connection).toBe('close');
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'payload_too_large' } });
  });

  it('never sends bytes that no longer match their sha256', async () => {
    const item = await uploadFile(test, staff, 'tampered.stl', stlBytes(), toCollection);
    const row = await fileRow(item.uid);
    const corrupt = stlBytes();
    await writeFile(path.join(test.filesDir ?? '', row.storage_key), corrupt);
    const response = await get(item.downloadLink);
    expect(response.statusCode).toBe(500);
    expect(errorMessage(response)).toBe('Something went wrong, please try again');
    expect(response.rawPayload.includes(corrupt.subarray(84, 120))).toBe(false);
    expectLinkHeaders(response);
  });

  it('shows inline only what the viewer shows, and sandboxes inline HTML', async () => {
    const html = await uploadFile(test, staff, 'preview.html', Buffer.from('<h1>Design</h1>'), toCollection);
    const page = await get(`${html.downloadLink}?inline=1`);
    expect(page.headers['content-disposition']).toMatch(/^inline; filename="preview.html"/);
    expect(page.headers['content-security-policy']).toBe('sandbox allow-scripts');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');

    const png = await uploadFile(test, staff, 'photo.png', pngBytes(), toCollection);
    expect((await get(png.downloadLink)).headers['content-disposition']).toMatch(/^attachment;/);
    const pdf = await uploadFile(test, staff, 'order.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), toCollection);
    expect((await get(`${pdf.downloadLink}?inline=1`)).headers['content-disposition']).toMatch(
      /^attachment;/,
    );
  });
});

describe('hostile file names', () => {
  it('stores them sanitised and writes nothing outside the storage root', async () => {
    const tmpBefore = new Set(await readdir(os.tmpdir()));
    const hostile = [
      '../../etc/passwd.stl',
      '%2e%2e%2fx.stl',
      '..\\..\\windows\\win.stl',
      'nul\u0000byte.stl',
      'scan\u202Eltx.stl',
      `${'a'.repeat(300)}.stl`,
      '/absolute/path.stl',
    ];
    const uids: string[] = [];
    for (const raw of hostile) {
      const item = await requestUpload(test, staff, raw, toCollection);
      const put = await test.app.inject({ method: 'PUT', url: item.oneTimeUploadLink, payload: stlBytes() });
      expect(put.statusCode, put.body).toBe(200);
      uids.push(item.uid);
    }
    const names = await Promise.all(uids.map(async (uid) => (await fileRow(uid)).filename));
    expect(names.slice(0, 5)).toEqual(['passwd.stl', 'x.stl', 'win.stl', 'nulbyte.stl', 'scanltx.stl']);
    expect(Array.from(names[5] ?? '')).toHaveLength(255);
    expect(names[5]).toMatch(/^a+\.stl$/);
    expect(names[6]).toBe('path.stl');

    // The storage folder holds exactly the generated keys of the stored files, nothing named by a user.
    const root = test.filesDir ?? '';
    const stored = (await readdir(root, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
      .sort();
    const keys = (
      await test.db.select({ key: files.storage_key }).from(files).where(eq(files.upload_state, 'complete'))
    )
      .map((row) => row.key)
      .sort();
    expect(stored).toEqual(keys);
    for (const key of stored) expect(key).toMatch(/^\d{4}\/\d{2}\/[0-9a-f-]{36}$/);
    const tmpAfter = (await readdir(os.tmpdir())).filter((name) => !tmpBefore.has(name));
    expect(tmpAfter.filter((name) => /passwd|win\.stl|x\.stl|path\.stl/.test(name))).toEqual([]);
  });
});

describe('GET /files/?fileName=', () => {
  it('answers 401 without a token, 400 without a name, 404 for an unknown or deleted file', async () => {
    const anonymous = await get('/files/?fileName=x');
    expect(anonymous.statusCode).toBe(401);
    expect(errorMessage(anonymous)).toBe('Invalid Token');
    const missing = await test.app.inject({ method: 'GET', url: '/files/', headers: staff.headers });
    expect(missing.statusCode).toBe(400);
    expect(errorMessage(missing)).toBe(fileServiceMessages.fileNameRequired);
    const deleted = await uploadFile(test, staff, 'gone.stl', stlBytes(), toCollection);
    await test.db.update(files).set({ deleted_at: new Date() }).where(eq(files.uid, deleted.uid));
    for (const fileName of [`${randomUUID()}/a.stl`, 'a.stl', deleted.fileName]) {
      const response = await askDownloadLink(test, staff, fileName);
      expect(response.statusCode).toBe(404);
      expect(errorMessage(response)).toBe(uploadMessages.fileNotFound);
    }
    // A link handed out before the delete stops working too.
    expect((await get(deleted.downloadLink)).statusCode).toBe(404);
  });
});
