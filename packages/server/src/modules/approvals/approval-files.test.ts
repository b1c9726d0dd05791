import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionSchema } from '@lab/domain';
import { approval_files, audit_events, files } from '../../db/schema/index';
import {
  createTestApp,
  errorMessage,
  sampleFiles,
  signInAs,
  type SignedInUser,
  type TestApp,
} from '../../testing';
import { createCollection, type CaseRow } from '../../testing/factories';
import {
  approvalAuditOf,
  approvalOf,
  caseAuditOf,
  createApprovalCalls,
  createPendingApproval,
  filePart,
  samplePng,
  type ApprovalCalls,
} from './approvals-test-kit';

// POST /api/v2/approval/{uid}/attach/ and DELETE /api/v2/approval/file/{id}/: only while the approval is
// pending; files live on the case (category approval_file) and on the approval; deletes are soft.

let test: TestApp;
let designer: SignedInUser;
let calls: ApprovalCalls;
let caseRow: CaseRow;

beforeAll(async () => {
  test = await createTestApp();
  designer = await signInAs(test, { department: 'DESIGN' });
  calls = createApprovalCalls(test, designer);
  const collection = await createCollection(test.db, { cases: [{ statusName: 'Design In Progress' }] });
  caseRow = collection.cases[0] as CaseRow;
});

afterAll(async () => {
  await test.close();
});

/** The case's Approval Files list as the collection shows it. */
const caseApprovalFiles = async (): Promise<string[]> => {
  const response = await test.app.inject({
    method: 'GET',
    url: `/api/v2/collection/${caseRow.collection_uid}/`,
    headers: designer.headers,
  });
  const listed = collectionSchema.parse(response.json()).cases.find((c) => c.uid === caseRow.uid);
  return (listed?.approval_files ?? []).map((f) => f.filename).sort();
};

describe('POST /api/v2/approval/{uid}/attach/', () => {
  it('adds the files to the approval and the case, with audit rows', async () => {
    const approval = await createPendingApproval(calls, caseRow.uid, {}, [samplePng('first.png')]);
    const answer = approvalOf(
      await calls.attach(approval.uid, [samplePng('second.png'), filePart('crown.stl', sampleFiles.stl())]),
    );
    expect(answer.approval_files.map((f) => f.filename)).toEqual(['first.png', 'second.png', 'crown.stl']);
    expect(await caseApprovalFiles()).toEqual(
      expect.arrayContaining(['crown.stl', 'first.png', 'second.png']),
    );
    expect((await approvalAuditOf(test, approval.uid)).at(-1)).toEqual({
      action: 'files_added',
      changed_values: { files: ['second.png', 'crown.stl'] },
    });
    expect((await caseAuditOf(test, caseRow.uid)).at(-1)?.changed_values).toEqual({
      approval_files: { old: null, new: 'second.png, crown.stl' },
    });
    const uploaded = await test.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.case_uid, caseRow.uid), eq(audit_events.action, 'uploaded')));
    expect(uploaded.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses without a token, an unknown approval, no files, a bad file and a closed approval', async () => {
    const approval = await createPendingApproval(calls, caseRow.uid);
    const anonymous = await calls.attach(approval.uid, [samplePng()], {});
    expect(anonymous.statusCode).toBe(401);
    expect(errorMessage(anonymous)).toBe('Invalid Token');

    const unknown = await calls.attach('00000000-0000-4000-8000-000000000000', [samplePng()]);
    expect(unknown.statusCode).toBe(404);
    expect(errorMessage(unknown)).toBe('Approval not found');

    const none = await calls.attach(approval.uid, []);
    expect(none.statusCode).toBe(400);
    expect(errorMessage(none)).toBe('Please choose a file to upload');

    const fake = await calls.attach(approval.uid, [filePart('fake.png', 'not a png')]);
    expect(fake.statusCode).toBe(400);
    expect(errorMessage(fake)).toBe('fake.png is not a valid PNG file');

    approvalOf(await calls.act(approval.uid, 'approve'));
    const closed = await calls.attach(approval.uid, [samplePng()]);
    expect(closed.statusCode).toBe(409);
    expect(errorMessage(closed)).toBe('This approval request is no longer pending');
    const [stored] = await test.db
      .select()
      .from(approval_files)
      .where(eq(approval_files.approval_uid, approval.uid));
    expect(stored).toBeUndefined();
  });
});

describe('DELETE /api/v2/approval/file/{id}/', () => {
  it('soft-deletes the file from the approval and the case, with audit rows', async () => {
    const approval = await createPendingApproval(calls, caseRow.uid, {}, [
      samplePng('keep.png'),
      samplePng('drop.png'),
    ]);
    const drop = approval.approval_files.find((f) => f.filename === 'drop.png');
    if (!drop) throw new Error('no file');
    const answer = approvalOf(await calls.deleteFile(drop.id));
    expect(answer.approval_files.map((f) => f.filename)).toEqual(['keep.png']);
    const [link] = await test.db.select().from(approval_files).where(eq(approval_files.id, drop.id));
    expect(link?.deleted_at).not.toBeNull();
    const [file] = await test.db
      .select()
      .from(files)
      .where(eq(files.id, link?.file_id ?? 0));
    expect(file?.deleted_at).not.toBeNull();
    expect(file?.deleted_by_id).not.toBeNull();
    expect((await approvalAuditOf(test, approval.uid)).at(-1)).toEqual({
      action: 'file_deleted',
      changed_values: { file: 'drop.png' },
    });
    expect((await caseAuditOf(test, caseRow.uid)).at(-1)?.changed_values).toEqual({
      approval_files: { old: 'drop.png', new: null },
    });
    const again = await calls.deleteFile(drop.id);
    expect(again.statusCode).toBe(404);
    expect(errorMessage(again)).toBe('File not found');
  });

  it('refuses without a token, an unknown id, a bad id and a closed approval', async () => {
    const approval = await createPendingApproval(calls, caseRow.uid, {}, [samplePng('locked.png')]);
    const id = approval.approval_files[0]?.id ?? 0;
    const anonymous = await calls.deleteFile(id, {});
    expect(anonymous.statusCode).toBe(401);
    expect(errorMessage(anonymous)).toBe('Invalid Token');

    const unknown = await calls.deleteFile(987_654);
    expect(unknown.statusCode).toBe(404);
    expect(errorMessage(unknown)).toBe('File not found');

    const bad = await calls.deleteFile('abc');
    expect(bad.statusCode).toBe(400);

    approvalOf(await calls.act(approval.uid, 'cancel'));
    const closed = await calls.deleteFile(id);
    expect(closed.statusCode).toBe(409);
    expect(errorMessage(closed)).toBe('This approval request is no longer pending');
    const [link] = await test.db.select().from(approval_files).where(eq(approval_files.id, id));
    expect(link?.deleted_at).toBeNull();
  });
});
