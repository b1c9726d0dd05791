import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalMessages } from '@lab/domain';
import { selectRows } from '../../db/client';
import { approvals, files, message_attachments, messages } from '../../db/schema/index';
import {
  createTestApp,
  errorMessage,
  multipartBody,
  sampleFiles,
  signInAs,
  type SignedInUser,
  type TestApp,
} from '../../testing';
import { createCollection, type CaseRow, type CreatedCollection } from '../../testing/factories';
import {
  approvalAuditOf,
  approvalOf,
  caseAuditOf,
  createApprovalCalls,
  filePart,
  inMinutes,
  samplePng,
  type ApprovalCalls,
} from './approvals-test-kit';

// POST /api/v2/approvals/ through the real app: every refusal is a 400 with the spec's texts before
// anything is stored; a request writes the approval, its files, the APPROVAL_MESSAGE, the audit rows and
// queues the request e-mail, all in one transaction.

let test: TestApp;
let designer: SignedInUser;
let calls: ApprovalCalls;
let collection: CreatedCollection;
let caseRow: CaseRow;

beforeAll(async () => {
  test = await createTestApp();
  designer = await signInAs(test, { department: 'DESIGN' });
  calls = createApprovalCalls(test, designer);
  collection = await createCollection(test.db, {
    clientName: 'Smile Dental',
    cases: [{ statusName: 'Design In Progress' }],
  });
  [caseRow] = collection.cases as [CaseRow];
});

afterAll(async () => {
  await test.close();
});

const fieldsOf = (response: { json: () => unknown }) =>
  (response.json() as { error: { fields?: Record<string, string> } }).error.fields;

const countRows = async (table: 'approvals' | 'files' | 'messages'): Promise<number> => {
  const [row] = await selectRows<{ n: number }>(
    test.db,
    sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`,
  );
  return row?.n ?? 0;
};

const storedFileCount = async (): Promise<number> => {
  if (!test.filesDir) return 0;
  const { readdir } = await import('node:fs/promises');
  const entries = await readdir(test.filesDir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).length;
};

const valid = (): Record<string, string> => ({
  approval_type: 'DESIGN_APPROVAL',
  case_uid: caseRow.uid,
  approval_due_at: inMinutes(120),
});

describe('POST /api/v2/approvals/ refusals', () => {
  it('needs a signed-in employee', async () => {
    const body = multipartBody(valid());
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/v2/approvals/',
      headers: body.headers,
      payload: body.payload,
    });
    expect(response.statusCode).toBe(401);
    expect(errorMessage(response)).toBe('Invalid Token');
  });

  it('names every missing field at once', async () => {
    const response = await calls.create({});
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toBe('Must be selected');
    expect(fieldsOf(response)).toEqual({
      approval_type: 'Must be selected',
      case_uid: 'Must be selected',
      approval_due_at: 'Must be provided',
    });
  });

  it('refuses an unknown approval type code, however long', async () => {
    for (const code of ['NOT_A_TYPE', 'X'.repeat(101)]) {
      const response = await calls.create({ ...valid(), approval_type: code });
      expect(response.statusCode).toBe(400);
      expect(errorMessage(response)).toBe('Must be selected');
      expect(fieldsOf(response)).toEqual({ approval_type: 'Must be selected' });
    }
  });

  it('refuses a case that does not exist, or a uid that cannot', async () => {
    for (const caseUid of ['00000000-0000-4000-8000-000000000000', 'not-a-uid', '', 'x'.repeat(101)]) {
      const response = await calls.create({ ...valid(), case_uid: caseUid });
      expect(response.statusCode).toBe(400);
      expect(errorMessage(response)).toBe('Must be selected');
      expect(fieldsOf(response)).toEqual({ case_uid: 'Must be selected' });
    }
  });

  it('checks the due time: provided, at least 30 minutes ahead, within 2 years', async () => {
    const cases: [string, string][] = [
      ['', approvalMessages.mustBeProvided],
      ['next tuesday-ish', approvalMessages.mustBeProvided],
      [inMinutes(10), 'Should be at least 30 minutes from now'],
      [inMinutes(-60), 'Should be at least 30 minutes from now'],
      [inMinutes(3 * 366 * 24 * 60), 'Must be within 2 years of today'],
      ['9'.repeat(101), approvalMessages.mustBeProvided],
    ];
    for (const [due, message] of cases) {
      const response = await calls.create({ ...valid(), approval_due_at: due });
      expect({ due, status: response.statusCode }).toEqual({ due, status: 400 });
      expect(errorMessage(response)).toBe(message);
      expect(fieldsOf(response)).toEqual({ approval_due_at: message });
    }
  });

  it('refuses a message the database cannot hold, and a malformed reminder interval', async () => {
    const nul = await calls.create({ ...valid(), message: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    expect(errorMessage(nul)).toBe('Contains characters that cannot be stored');
    const interval = await calls.create({
      ...valid(),
      send_reminders: 'true',
      reminder_interval_seconds: '5',
    });
    expect(interval.statusCode).toBe(400);
  });

  it('stores nothing when a file is refused', async () => {
    const before = { approvals: await countRows('approvals'), files: await countRows('files') };
    const storedBefore = await storedFileCount();
    const response = await calls.create(valid(), [samplePng('good.png'), filePart('fake.png', 'not a png')]);
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toBe('fake.png is not a valid PNG file');
    const exe = await calls.create(valid(), [filePart('tool.exe', 'MZ')]);
    expect(exe.statusCode).toBe(400);
    expect(errorMessage(exe)).toMatch(/^tool\.exe: files of this type cannot be uploaded/);
    expect({ approvals: await countRows('approvals'), files: await countRows('files') }).toEqual(before);
    expect(await storedFileCount()).toBe(storedBefore);
  });
});

describe('POST /api/v2/approvals/ success', () => {
  it('writes the approval, its files, the message, the audit rows and queues the e-mail', async () => {
    const before = Date.now();
    const response = await calls.create(
      { ...valid(), send_reminders: 'true', message: '  Please check the margins.  ' },
      [samplePng('design.png'), filePart('notes.pdf', sampleFiles.pdf())],
    );
    const answer = approvalOf(response);
    expect(answer).toMatchObject({
      case_uid: caseRow.uid,
      approval_type: 'DESIGN_APPROVAL',
      created_by: expect.stringMatching(/^Test User \d+$/),
      approved_at: null,
      cancelled_at: null,
      send_reminders: true,
      reminder_interval_seconds: 86_400,
    });
    expect(answer.approval_files.map((f) => f.filename)).toEqual(['design.png', 'notes.pdf']);
    const nextDue = Date.parse(answer.next_reminder_due ?? '');
    expect(nextDue - before).toBeGreaterThanOrEqual(86_400_000);
    expect(nextDue - Date.now()).toBeLessThanOrEqual(86_400_000);

    // The same approval as the collection lists it.
    const collectionAnswer = await test.app.inject({
      method: 'GET',
      url: `/api/v2/collection/${collection.uid}/`,
      headers: designer.headers,
    });
    const listed = collectionAnswer.json<{ approvals: unknown[] }>().approvals;
    expect(listed).toContainEqual(answer);

    const stored = await test.db
      .select()
      .from(files)
      .where(and(eq(files.case_uid, caseRow.uid), eq(files.file_category, 'approval_file')));
    expect(stored.map((f) => f.filename).sort()).toEqual(['design.png', 'notes.pdf']);

    const [message] = await test.db.select().from(messages).where(eq(messages.approval_uid, answer.uid));
    expect(message).toMatchObject({
      message_type: 'APPROVAL_MESSAGE',
      visibility: 'CLIENTS',
      direction: 'OUTBOUND',
      author_reference: designer.username,
      recipient_reference: 'Smile Dental',
      note: 'Please check the margins.',
      case_uid: caseRow.uid,
      case_collection_uid: collection.uid,
      resolvable: false,
    });
    const attachments = await test.db
      .select()
      .from(message_attachments)
      .where(eq(message_attachments.message_uid, message?.uid ?? ''));
    expect(attachments.map((a) => a.file_name).sort()).toEqual(['design.png', 'notes.pdf']);

    const audit = await approvalAuditOf(test, answer.uid);
    expect(audit).toEqual([
      {
        action: 'created',
        changed_values: {
          approval_type: 'DESIGN_APPROVAL',
          approval_due_at: answer.approval_due_at,
          send_reminders: true,
          reminder_interval_seconds: 86_400,
          files: ['design.png', 'notes.pdf'],
        },
      },
    ]);
    // The APPROVAL_MESSAGE has its own audit row, written with the approval, as a posted message has.
    const messageAudit = await approvalAuditOf(test, message?.uid ?? '');
    expect(messageAudit).toEqual([
      {
        action: 'created',
        changed_values: {
          message_type: 'APPROVAL_MESSAGE',
          visibility: 'CLIENTS',
          client_uid: null,
          recipient_reference: 'Smile Dental',
          approval_uid: answer.uid,
          outsource_uid: null,
          attachments: ['design.png', 'notes.pdf'],
        },
      },
    ]);
    const caseAudit = await caseAuditOf(test, caseRow.uid);
    expect(caseAudit.at(-1)).toEqual({
      modified_by: designer.username,
      changed_values: { approvals: { old: null, new: 'Design Approval' } },
    });

    const jobs = await selectRows<{ n: number }>(
      test.db,
      sql`SELECT count(*)::int AS n FROM pgboss.job
          WHERE name = 'approval-request-email' AND data->>'approval_uid' = ${answer.uid}`,
    );
    expect(jobs[0]?.n).toBe(1);
  });

  it('uses the default note without a message, and no reminders unless asked', async () => {
    const answer = approvalOf(await calls.create({ ...valid(), approval_type: 'TRY_IN_APPROVAL' }));
    expect(answer).toMatchObject({
      approval_type: 'TRY_IN_APPROVAL',
      send_reminders: false,
      next_reminder_due: null,
      approval_files: [],
    });
    const [message] = await test.db.select().from(messages).where(eq(messages.approval_uid, answer.uid));
    expect(message?.note).toBe('Please review and approve the design.');
    const [row] = await test.db.select().from(approvals).where(eq(approvals.uid, answer.uid));
    expect(row?.created_by_id).not.toBeNull();
  });

  it('takes a reminder interval', async () => {
    const answer = approvalOf(
      await calls.create({ ...valid(), send_reminders: '1', reminder_interval_seconds: '3600' }),
    );
    expect(answer.reminder_interval_seconds).toBe(3600);
    expect(Date.parse(answer.next_reminder_due ?? '') - Date.now()).toBeLessThanOrEqual(3_600_000);
  });
});
