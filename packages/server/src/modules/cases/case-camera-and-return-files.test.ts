import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionCaseSchema, type CollectionCase } from '@lab/domain';
import { files } from '../../db/schema/index';
import {
  createTestApp,
  errorMessage,
  multipartBody,
  sampleFiles,
  signInAs,
  type SignedInUser,
  type TestApp,
} from '../../testing';
import { createCollection, type CaseRow } from '../../testing/factories';
import { uploadFile } from '../files/file-service-test-kit';
import { createCaseCalls } from './cases-test-kit';

// The two other ways a file reaches a case, through the real app and storage: a photo from the Photo
// toolbar button's camera (camera_upload, JPEG only, one per request) and a design return file that went
// through the file service first (upload_return_file).

let test: TestApp;
let designer: SignedInUser;
let calls: ReturnType<typeof createCaseCalls>;
let physical: CaseRow;
let designOnly: CaseRow;

beforeAll(async () => {
  test = await createTestApp();
  designer = await signInAs(test, { department: 'DESIGN' });
  calls = createCaseCalls(test, designer);
  const collection = await createCollection(test.db, {
    cases: [
      { statusName: 'Design In Progress' },
      { statusName: 'Design In Progress', jobTypeName: 'Design Only' },
    ],
  });
  [physical, designOnly] = collection.cases as [CaseRow, CaseRow];
});

afterAll(async () => {
  await test.close();
});

describe('camera_upload', () => {
  const camera = (caseRow: CaseRow, name: string, content: Buffer, photos = 1) => {
    const body = multipartBody(
      { name },
      Array.from({ length: photos }, () => ({
        field: 'image',
        filename: 'blob',
        content,
        contentType: 'image/jpeg',
      })),
    );
    return test.app.inject({
      method: 'POST',
      url: `/api/v2/case/${caseRow.case_id}/camera_upload/`,
      headers: { ...designer.headers, ...body.headers },
      payload: body.payload,
    });
  };

  it('saves a JPEG photo as an internal file', async () => {
    const response = await camera(physical, 'photo_20261123_101500', sampleFiles.jpeg());
    expect(response.statusCode).toBe(200);
    const answer: CollectionCase = collectionCaseSchema.parse(response.json());
    expect(answer.internal_files.map((f) => f.filename)).toContain('photo_20261123_101500.jpg');
  });

  it('refuses a second photo in one request, storing neither', async () => {
    const before = await test.db.select().from(files).where(eq(files.case_uid, physical.uid));
    const response = await camera(physical, 'two_photos', sampleFiles.jpeg(), 2);
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toBe('The photo must be a JPEG image');
    const after = await test.db.select().from(files).where(eq(files.case_uid, physical.uid));
    expect(after).toHaveLength(before.length);
  });

  it('refuses anything but a JPEG', async () => {
    const response = await camera(physical, 'photo', sampleFiles.png());
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toBe('The photo must be a JPEG image');
  });
});

describe('upload_return_file', () => {
  const serviceUpload = (name: string, content: Buffer | string, reference: string) =>
    uploadFile(test, designer, name, Buffer.from(content), {
      entityType: 'CASE',
      entityIdentification: reference,
    });

  it('registers an uploaded file on a case that requires one', async () => {
    const item = await serviceUpload(
      'crown_design.zip',
      Buffer.from([0x50, 0x4b, 0x05, 0x06, ...Array(18).fill(0)]),
      designOnly.uid,
    );
    const response = await calls.act(designOnly.case_id, {
      action: 'upload_return_file',
      oft_file_name: item.fileName,
      oft_file_uid: item.uid,
    });
    expect(response.statusCode).toBe(200);
    const answer = collectionCaseSchema.parse(response.json());
    expect(answer.return_files).toEqual([
      { oft_file_name: 'crown_design.zip', oft_file_uid: item.uid, created_at: expect.any(String) as string },
    ]);
    const twice = await calls.act(designOnly.case_id, {
      action: 'upload_return_file',
      oft_file_name: item.fileName,
      oft_file_uid: item.uid,
    });
    expect(twice.statusCode).toBe(400);
    expect(errorMessage(twice)).toBe('The return file has not been uploaded');
  });

  it('refuses a case that needs no return file, and a file never uploaded', async () => {
    const item = await serviceUpload('design.stl', sampleFiles.asciiStl(), physical.uid);
    const notRequired = await calls.act(physical.case_id, {
      action: 'upload_return_file',
      oft_file_name: item.fileName,
      oft_file_uid: item.uid,
    });
    expect(notRequired.statusCode).toBe(409);
    expect(errorMessage(notRequired)).toBe('This case does not require a return file');
    const unknown = await calls.act(designOnly.case_id, {
      action: 'upload_return_file',
      oft_file_name: 'x.zip',
      oft_file_uid: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(400);
    expect(errorMessage(unknown)).toBe('The return file has not been uploaded');
  });
});
