import { and, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionCaseSchema } from '@lab/domain';
import { approval_files, audit_events, files } from '../../db/schema/index';
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
import { caseAuditOf, createCaseCalls } from './cases-test-kit';

// The Files tab's calls through the real app and storage: upload_files (multipart), delete_file,
// file_link, blur_file and restore_file. camera_upload and upload_return_file have a file of their own.

let test: TestApp;
let designer: SignedInUser;
let machinist: SignedInUser;
let calls: ReturnType<typeof createCaseCalls>;
let physical: CaseRow;

beforeAll(async () => {
  test = await createTestApp();
  designer = await signInAs(test, { department: 'DESIGN' });
  machinist = await signInAs(test, { department: 'MACHINING' });
  calls = createCaseCalls(test, designer);
  const collection = await createCollection(test.db, {
    cases: [{ statusName: 'Design In Progress' }],
  });
  [physical] = collection.cases as [CaseRow];
});

afterAll(async () => {
  await test.close();
});

const upload = (
  caseRow: CaseRow,
  fields: Record<string, string>,
  parts: MultipartFile[],
  user = designer,
) => {
  const body = multipartBody(fields, parts);
  return test.app.inject({
    method: 'POST',
    url: `/api/v2/case/${caseRow.case_id}/`,
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
};

const file = (filename: string, content: Buffer | string): MultipartFile => ({
  field: 'files',
  filename,
  content,
});

const download = async (url: string) => test.app.inject({ method: 'GET', url });

describe('upload_files', () => {
  it('stores each file in its list, with audit rows, and answers the case', async () => {
    const response = await upload(physical, { action: 'upload_files', type: 'internal_file' }, [
      file('scan.stl', sampleFiles.stl()),
      file('photo.png', sampleFiles.png()),
    ]);
    expect(response.statusCode).toBe(200);
    const answer = collectionCaseSchema.parse(response.json());
    expect(answer.internal_files.map((f) => f.filename).sort()).toEqual(['photo.png', 'scan.stl']);
    expect(answer.internal_files.every((f) => !f.blurred)).toBe(true);
    const audit = await caseAuditOf(test, physical.uid);
    expect(audit.at(-1)?.changed_values).toEqual({
      internal_files: { old: null, new: 'scan.stl, photo.png' },
    });
    const fileAudit = await test.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.case_uid, physical.uid), eq(audit_events.action, 'uploaded')));
    expect(fileAudit).toHaveLength(2);
  });

  it('refuses a file whose content is not its type, keeping nothing', async () => {
    const before = await test.db.select().from(files).where(eq(files.case_uid, physical.uid));
    const response = await upload(physical, { action: 'upload_files', type: 'order_file' }, [
      file('good.pdf', sampleFiles.pdf()),
      file('fake.png', 'not a png at all'),
    ]);
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toBe('fake.png is not a valid PNG file');
    const after = await test.db.select().from(files).where(eq(files.case_uid, physical.uid));
    expect(after).toHaveLength(before.length);
  });

  it('refuses a type outside the allowlist, and an unknown list', async () => {
    const exe = await upload(physical, { action: 'upload_files', type: 'order_file' }, [
      file('tool.exe', 'MZ'),
    ]);
    expect(exe.statusCode).toBe(400);
    expect(errorMessage(exe)).toMatch(/^tool\.exe: files of this type cannot be uploaded/);
    const badType = await upload(physical, { action: 'upload_files', type: 'return_file' }, [
      file('a.pdf', sampleFiles.pdf()),
    ]);
    expect(badType.statusCode).toBe(400);
    expect(errorMessage(badType)).toBe('Invalid file type');
  });

  it('needs at least one file, and a signed-in user', async () => {
    const none = await calls.act(physical.case_id, { action: 'upload_files', type: 'order_file' });
    expect(none.statusCode).toBe(400);
    expect(errorMessage(none)).toBe('Please choose a file to upload');
    const body = multipartBody({ action: 'upload_files', type: 'order_file' }, [
      file('a.pdf', sampleFiles.pdf()),
    ]);
    const anonymous = await test.app.inject({
      method: 'POST',
      url: `/api/v2/case/${physical.case_id}/`,
      headers: body.headers,
      payload: body.payload,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(errorMessage(anonymous)).toBe('Invalid Token');
  });

  it('shows hostile names sanitised', async () => {
    const response = await upload(physical, { action: 'upload_files', type: 'order_file' }, [
      file('..%2f..%2fetc%2fpasswd\u202Egpj.pdf', sampleFiles.pdf()),
    ]);
    expect(response.statusCode).toBe(200);
    const names = collectionCaseSchema.parse(response.json()).order_files.map((f) => f.filename);
    expect(names).toContain('passwdgpj.pdf');
  });
});

describe('file_link, delete_file', () => {
  it('links a file once, then deletes it softly', async () => {
    const uploaded = collectionCaseSchema.parse(
      (
        await upload(physical, { action: 'upload_files', type: 'approval_file' }, [
          file('design.ply', sampleFiles.ply()),
        ])
      ).json(),
    );
    const target = uploaded.approval_files.find((f) => f.filename === 'design.ply');
    if (!target) throw new Error('no design.ply');
    const link = await calls.act(physical.case_id, {
      action: 'file_link',
      type: 'approval_file',
      file_id: target.id,
    });
    expect(link.statusCode).toBe(200);
    const { url } = link.json<{ url: string }>();
    const first = await download(url);
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe(sampleFiles.ply());
    expect((await download(url)).statusCode).toBe(410);

    const wrongList = await calls.act(physical.case_id, {
      action: 'delete_file',
      type: 'order_file',
      file_id: target.id,
    });
    expect(wrongList.statusCode).toBe(404);
    expect(errorMessage(wrongList)).toBe('File not found');
    const deleted = await calls.act(physical.case_id, {
      action: 'delete_file',
      type: 'approval_file',
      file_id: target.id,
    });
    expect(deleted.statusCode).toBe(200);
    expect(collectionCaseSchema.parse(deleted.json()).approval_files.map((f) => f.id)).not.toContain(
      target.id,
    );
    const [row] = await test.db.select().from(files).where(eq(files.id, target.id));
    expect(row?.deleted_at).not.toBeNull();
    const again = await calls.act(physical.case_id, {
      action: 'file_link',
      type: 'approval_file',
      file_id: target.id,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('blur_file, restore_file', () => {
  it('replaces the image by its edited copy, and only admin or DESIGN restores the original', async () => {
    const uploaded = collectionCaseSchema.parse(
      (
        await upload(physical, { action: 'upload_files', type: 'order_file' }, [
          file('face.jpg', sampleFiles.jpeg()),
        ])
      ).json(),
    );
    const original = uploaded.order_files.find((f) => f.filename === 'face.jpg');
    if (!original) throw new Error('no face.jpg');
    const blurred = await upload(
      physical,
      { action: 'blur_file', type: 'order_file', file_id: String(original.id) },
      [file('blob', sampleFiles.png())],
    );
    expect(blurred.statusCode).toBe(200);
    const twoImages = await upload(
      physical,
      { action: 'blur_file', type: 'order_file', file_id: String(original.id) },
      [file('blob', sampleFiles.png()), file('blob2', sampleFiles.png())],
    );
    expect(twoImages.statusCode).toBe(400);
    expect(errorMessage(twoImages)).toBe('Send one edited image at a time');
    const afterBlur = collectionCaseSchema
      .parse(blurred.json())
      .order_files.filter((f) => f.filename === 'face.jpg');
    expect(afterBlur).toHaveLength(1);
    const copy = afterBlur[0];
    expect(copy?.blurred).toBe(true);
    expect(copy?.id).not.toBe(original.id);
    if (!copy) throw new Error('no copy');

    const link = await calls.act(physical.case_id, {
      action: 'file_link',
      type: 'order_file',
      file_id: copy.id,
    });
    expect((await download(link.json<{ url: string }>().url)).rawPayload.equals(sampleFiles.png())).toBe(
      true,
    );

    const forbidden = await createCaseCalls(test, machinist).act(physical.case_id, {
      action: 'restore_file',
      type: 'order_file',
      file_id: copy.id,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(errorMessage(forbidden)).toBe(
      'Only an administrator or the design department can restore the original image',
    );

    const restored = await calls.act(physical.case_id, {
      action: 'restore_file',
      type: 'order_file',
      file_id: copy.id,
    });
    expect(restored.statusCode).toBe(200);
    const shown = collectionCaseSchema
      .parse(restored.json())
      .order_files.filter((f) => f.filename === 'face.jpg');
    expect(shown.map((f) => [f.id, f.blurred])).toEqual([[original.id, false]]);
    const notBlurred = await calls.act(physical.case_id, {
      action: 'restore_file',
      type: 'order_file',
      file_id: original.id,
    });
    expect(notBlurred.statusCode).toBe(409);
    expect(errorMessage(notBlurred)).toBe('This image has not been edited');
  });

  it('edits only images', async () => {
    const uploaded = collectionCaseSchema.parse(
      (
        await upload(physical, { action: 'upload_files', type: 'internal_file' }, [
          file('notes.pdf', sampleFiles.pdf()),
        ])
      ).json(),
    );
    const pdf = uploaded.internal_files.find((f) => f.filename === 'notes.pdf');
    const response = await upload(
      physical,
      { action: 'blur_file', type: 'internal_file', file_id: String(pdf?.id) },
      [file('blob.png', sampleFiles.png())],
    );
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toBe('Only images can be edited');
  });
});

describe('files shared with an approval', () => {
  it('follows a blur and a delete on the Files tab to the approval card, and refuses the hidden original', async () => {
    const body = multipartBody(
      {
        approval_type: 'DESIGN_APPROVAL',
        case_uid: physical.uid,
        approval_due_at: new Date(Date.now() + 2 * 86_400_000).toISOString(),
        send_reminders: 'false',
        message: 'Please approve',
      },
      [file('smile.png', sampleFiles.png())],
    );
    const created = await test.app.inject({
      method: 'POST',
      url: '/api/v2/approvals/',
      headers: { ...designer.headers, ...body.headers },
      payload: body.payload,
    });
    expect(created.statusCode).toBe(200);
    const [shared] = await test.db
      .select()
      .from(approval_files)
      .where(eq(approval_files.approval_uid, created.json<{ uid: string }>().uid));
    if (!shared) throw new Error('no approval file');

    const link = await calls.act(physical.case_id, {
      action: 'file_link',
      type: 'approval_file',
      file_id: shared.file_id,
    });
    expect(link.headers['cache-control']).toBe('no-store');

    const blurred = await upload(
      physical,
      { action: 'blur_file', type: 'approval_file', file_id: String(shared.file_id) },
      [file('edited.png', sampleFiles.png())],
    );
    expect(blurred.statusCode).toBe(200);
    const [afterBlur] = await test.db.select().from(approval_files).where(eq(approval_files.id, shared.id));
    expect(afterBlur?.file_id).not.toBe(shared.file_id);

    // The original hides behind its copy: it cannot be blurred again (a second copy would hide it for good).
    const again = await upload(
      physical,
      { action: 'blur_file', type: 'approval_file', file_id: String(shared.file_id) },
      [file('edited.png', sampleFiles.png())],
    );
    expect(again.statusCode).toBe(404);
    expect(errorMessage(again)).toBe('File not found');

    const deleted = await calls.act(physical.case_id, {
      action: 'delete_file',
      type: 'approval_file',
      file_id: afterBlur?.file_id,
    });
    expect(deleted.statusCode).toBe(200);
    const [afterDelete] = await test.db.select().from(approval_files).where(eq(approval_files.id, shared.id));
    expect(afterDelete?.deleted_at).not.toBeNull();
    const family = await test.db
      .select({ deleted_at: files.deleted_at })
      .from(files)
      .where(or(eq(files.id, shared.file_id), eq(files.blurred_from_file_id, shared.file_id)));
    expect(family.every((row) => row.deleted_at !== null)).toBe(true);
  });
});
