import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionCaseSchema, uploadMessages } from '@lab/domain';
import { audit_events, files } from '../../db/schema/index';
import {
  createTestApp,
  errorMessage,
  multipartBody,
  sampleFiles,
  signInAs,
  type MultipartFile,
  type SignedInUser,
  type TestApp,
} from '../../testing';
import { createCollection, type CaseRow } from '../../testing/factories';
import { createCaseCalls } from './cases-test-kit';

// What a broken or hostile request does to the Files tab's calls and the camera: a clear 4xx and no
// row, never a 500; and a delete or a blur that leaves the files and their audit consistent.

let test: TestApp;
let designer: SignedInUser;
let calls: ReturnType<typeof createCaseCalls>;
let physical: CaseRow;

beforeAll(async () => {
  test = await createTestApp();
  designer = await signInAs(test, { department: 'DESIGN' });
  calls = createCaseCalls(test, designer);
  const collection = await createCollection(test.db, { cases: [{ statusName: 'Design In Progress' }] });
  [physical] = collection.cases as [CaseRow];
});

afterAll(async () => {
  await test.close();
});

const post = (url: string, payload: Buffer | string, contentType: string) =>
  test.app.inject({
    method: 'POST',
    url,
    headers: { ...designer.headers, 'content-type': contentType },
    payload,
  });

const send = (
  fields: Record<string, string>,
  parts: MultipartFile[],
  url = `/api/v2/case/${physical.case_id}/`,
) => {
  const body = multipartBody(fields, parts);
  return post(url, body.payload, body.headers['content-type'] ?? '');
};

const filesOfCase = () => test.db.select().from(files).where(eq(files.case_uid, physical.uid));

describe('a broken multipart body', () => {
  it('answers 400 for a body cut off in the middle of a file, keeping nothing', async () => {
    const before = await filesOfCase();
    const cut =
      '--zzz\r\nContent-Disposition: form-data; name="action"\r\n\r\nupload_files\r\n' +
      '--zzz\r\nContent-Disposition: form-data; name="type"\r\n\r\norder_file\r\n' +
      '--zzz\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\n\r\n%PDF-1.4 and then';
    const response = await post(
      `/api/v2/case/${physical.case_id}/`,
      cut,
      'multipart/form-data; boundary=zzz',
    );
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toBe(uploadMessages.malformedUpload);
    expect(await filesOfCase()).toHaveLength(before.length);
  });

  it('answers 400 for a multipart body without a boundary, on the case and the camera route', async () => {
    for (const url of [
      `/api/v2/case/${physical.case_id}/`,
      `/api/v2/case/${physical.case_id}/camera_upload/`,
    ]) {
      const response = await post(url, 'no parts here', 'multipart/form-data');
      expect(response.statusCode, url).toBe(400);
      expect(errorMessage(response)).toBe(uploadMessages.malformedUpload);
    }
  });
});

describe('an over-long multipart field', () => {
  it('is refused, never cut short and taken', async () => {
    const before = await filesOfCase();
    const response = await send(
      { action: 'upload_files', type: 'order_file', note: '\u{1F600}'.repeat(40_000) },
      [{ field: 'files', filename: 'a.pdf', content: sampleFiles.pdf() }],
    );
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toBe(uploadMessages.fieldTooLong('note'));
    expect(await filesOfCase()).toHaveLength(before.length);
  });
});

describe('too many parts in one request', () => {
  it('answers 400 naming the limit for 51 files, and for too many fields, keeping nothing', async () => {
    const before = await filesOfCase();
    const pdfs = Array.from({ length: 51 }, (_, i) => ({
      field: 'files',
      filename: `page-${i}.pdf`,
      content: sampleFiles.pdf(),
    }));
    const files51 = await send({ action: 'upload_files', type: 'order_file' }, pdfs);
    expect(files51.statusCode).toBe(400);
    expect(errorMessage(files51)).toBe('At most 50 files can be sent at once');
    const manyFields = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`f${i}`, 'x']));
    const fields60 = await send({ action: 'upload_files', type: 'order_file', ...manyFields }, []);
    expect(fields60.statusCode).toBe(400);
    expect(errorMessage(fields60)).toBe('The upload has too many fields');
    expect(await filesOfCase()).toHaveLength(before.length);
  });
});

describe('camera_upload names', () => {
  const photo = (name: string) =>
    send(
      { name },
      [{ field: 'image', filename: 'blob', content: sampleFiles.jpeg(), contentType: 'image/jpeg' }],
      `/api/v2/case/${physical.case_id}/camera_upload/`,
    );

  it('saves a real photo under a safe name whatever name comes with it', async () => {
    for (const [name, saved] of [
      ['..', 'file.jpg'],
      ['../..', 'file.jpg'],
      ['../../etc/passwd', 'passwd.jpg'],
      ['.jpg', 'jpg.jpg'],
      ['bite\u202Egpj.exe', 'bitegpj.exe.jpg'],
    ] as const) {
      const response = await photo(name);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(200);
      const names = collectionCaseSchema.parse(response.json()).internal_files.map((f) => f.filename);
      expect(names).toContain(saved);
    }
  });
});

describe('delete_file of a blurred copy', () => {
  it('audits the deletion of the copy and of the original it stood for', async () => {
    const uploaded = await send({ action: 'upload_files', type: 'internal_file' }, [
      { field: 'files', filename: 'smile.jpg', content: sampleFiles.jpeg() },
    ]);
    const original = collectionCaseSchema
      .parse(uploaded.json())
      .internal_files.find((f) => f.filename === 'smile.jpg');
    if (!original) throw new Error('no smile.jpg');
    const blurred = await send({ action: 'blur_file', type: 'internal_file', file_id: String(original.id) }, [
      { field: 'files', filename: 'blob', content: sampleFiles.png() },
    ]);
    const copy = collectionCaseSchema
      .parse(blurred.json())
      .internal_files.find((f) => f.filename === 'smile.jpg');
    if (!copy?.blurred) throw new Error('no blurred copy');

    const deleted = await calls.act(physical.case_id, {
      action: 'delete_file',
      type: 'internal_file',
      file_id: copy.id,
    });
    expect(deleted.statusCode).toBe(200);
    const rows = await test.db
      .select({ uid: files.uid, deleted_at: files.deleted_at })
      .from(files)
      .where(inArray(files.id, [original.id, copy.id]));
    expect(rows.every((row) => row.deleted_at !== null)).toBe(true);
    const uids = rows.map((row) => row.uid);
    const audited = await test.db
      .select({ entity_id: audit_events.entity_id })
      .from(audit_events)
      .where(
        and(
          eq(audit_events.entity_type, 'file'),
          eq(audit_events.action, 'deleted'),
          inArray(audit_events.entity_id, uids),
        ),
      );
    expect(audited.map((a) => a.entity_id).sort()).toEqual([...uids].sort());
  });
});

describe('simultaneous blurs of one image', () => {
  it('let one through and leave exactly one live copy', async () => {
    const uploaded = await send({ action: 'upload_files', type: 'order_file' }, [
      { field: 'files', filename: 'twice.png', content: sampleFiles.png() },
    ]);
    const original = collectionCaseSchema
      .parse(uploaded.json())
      .order_files.find((f) => f.filename === 'twice.png');
    if (!original) throw new Error('no twice.png');
    const blur = () =>
      send({ action: 'blur_file', type: 'order_file', file_id: String(original.id) }, [
        { field: 'files', filename: 'blob', content: sampleFiles.png() },
      ]);
    const answers = await Promise.all(Array.from({ length: 8 }, blur));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expect(refused.statusCode).toBe(404);
      expect(errorMessage(refused)).toBe(uploadMessages.fileNotFound);
    }
    const liveCopies = await test.db
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.blurred_from_file_id, original.id), isNull(files.deleted_at)));
    expect(liveCopies).toHaveLength(1);
  });
});
