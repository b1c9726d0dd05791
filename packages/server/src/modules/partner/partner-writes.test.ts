import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  partnerJobSchema,
  partnerMessageSchema,
  partnerTexts,
  uploadMessages,
  type PartnerJob,
} from '@lab/domain';
import {
  audit_events,
  case_audit,
  collections,
  files,
  messages,
  notifications,
  outsources,
} from '../../db/schema/index';
import { createTestApp, sampleFiles, type TestApp } from '../../testing';
import { createCollection, createEmployee, type EmployeeRow } from '../../testing/factories';
import { keyFingerprint } from '../portal/portal-client';
import { expectLinkHeaders, jsonOf, listStoredFiles } from '../portal/portal-test-kit';
import {
  createOutsourceJob,
  createPartnerCalls,
  errorOf,
  returnFile,
  type OutsourceRow,
} from './partner-test-kit';

// The partner's writes: return files (the staff upload checks, stored on this job), messages, marking
// the job completed (→ Review for staff). Each writes its audit rows and tells the case's department;
// an ended job refuses every write with 409 and stores nothing.

type Job = OutsourceRow & { outsource_key: string };

let test: TestApp;
let designer: EmployeeRow;
let machinist: EmployeeRow;

/** A started job on a fresh case in design (department DESIGN, Melbourne). */
const startJob = async (options: Parameters<typeof createOutsourceJob>[2] = {}) => {
  const collection = await createCollection(test.db, { cases: [{ statusName: 'Design Outsourced' }] });
  const item = collection.cases[0];
  if (!item) throw new Error('no case');
  const job = await createOutsourceJob(test.db, item.uid, options);
  return { collection, item, job, calls: createPartnerCalls(test, job.outsource_key) };
};

const notificationsOf = (job: Job) =>
  test.db
    .select({ user_id: notifications.user_id, note: notifications.note, type: notifications.message_type })
    .from(notifications)
    .where(eq(notifications.case_uid, job.case_uid));

const auditOf = (job: Job) =>
  test.db.select().from(audit_events).where(eq(audit_events.case_uid, job.case_uid));

beforeAll(async () => {
  test = await createTestApp();
  designer = await createEmployee(test.db, { department: 'DESIGN' });
  machinist = await createEmployee(test.db, { department: 'MACHINING' });
});

afterAll(async () => {
  await test.close();
});

describe('POST /api/v2/partner/{outsource_key}/files/', () => {
  it('stores return files as received files of this job, with audit rows and the design team told', async () => {
    const { collection, job, calls } = await startJob();
    const before = (await test.db.select().from(collections).where(eq(collections.uid, collection.uid)))[0];
    const response = await calls.upload([
      returnFile('crown design.stl', sampleFiles.stl()),
      returnFile('colour.ply', sampleFiles.ply()),
    ]);
    expect(response.statusCode).toBe(200);
    expectLinkHeaders(response);
    const answer = partnerJobSchema.parse(response.json());
    expect(answer.received_files.map((file) => file.file_name)).toEqual(['crown design.stl', 'colour.ply']);

    const rows = await test.db.select().from(files).where(eq(files.outsource_uid, job.uid));
    expect(
      rows.map((row) => [row.filename, row.file_category, row.partner_id, row.uploaded_by_reference]),
    ).toEqual([
      ['crown design.stl', 'outsource_received_file', job.partner_id, 'Dental Design Partners'],
      ['colour.ply', 'outsource_received_file', job.partner_id, 'Dental Design Partners'],
    ]);
    expect(rows.every((row) => row.case_uid === job.case_uid && row.uploaded_by_id === null)).toBe(true);

    const audit = (await auditOf(job)).filter((row) => row.entity_type === 'file');
    expect(audit.map((row) => [row.action, row.actor_kind, row.actor_reference, row.actor_via])).toEqual([
      ['uploaded', 'partner', 'Dental Design Partners', `partner:${keyFingerprint(job.outsource_key)}`],
      ['uploaded', 'partner', 'Dental Design Partners', `partner:${keyFingerprint(job.outsource_key)}`],
    ]);
    const [caseRow] = await test.db.select().from(case_audit).where(eq(case_audit.case_uid, job.case_uid));
    expect(caseRow?.modified_by).toBe('Dental Design Partners');
    expect(caseRow?.changed_values).toEqual({
      outsource_received_files: { old: null, new: 'crown design.stl, colour.ply' },
    });

    const told = await notificationsOf(job);
    expect(told.map((row) => row.user_id)).toContain(designer.id);
    expect(told.map((row) => row.user_id)).not.toContain(machinist.id);
    expect(told[0]?.note).toContain('returned 2 files');
    const after = (await test.db.select().from(collections).where(eq(collections.uid, collection.uid)))[0];
    expect(after?.updated_at.getTime()).toBeGreaterThan(before?.updated_at.getTime() ?? 0);
  });

  it('refuses a file type or content the staff upload refuses, storing nothing', async () => {
    const { job, calls } = await startJob();
    const storedBefore = await listStoredFiles(test.filesDir);
    const refusals: [string, Buffer | string, string][] = [
      ['setup.exe', 'MZ binary', uploadMessages.typeNotAllowed('setup.exe')],
      ['broken.stl', Buffer.alloc(200, 7), uploadMessages.contentMismatch('broken.stl', 'stl')],
      ['fake.ply', 'not a ply header', uploadMessages.contentMismatch('fake.ply', 'ply')],
    ];
    for (const [name, content, message] of refusals) {
      // A good file before the bad one is not kept either: the upload is one.
      const response = await calls.upload([
        returnFile('good.stl', sampleFiles.stl()),
        returnFile(name, content),
      ]);
      expect({ name, status: response.statusCode }).toEqual({ name, status: 400 });
      expect(errorOf(response)).toEqual({ code: 'validation_failed', message, fields: { files: message } });
    }
    const none = await calls.upload([]);
    expect(none.statusCode).toBe(400);
    expect(errorOf(none).message).toBe(uploadMessages.noFiles);
    expect(await test.db.select().from(files).where(eq(files.outsource_uid, job.uid))).toEqual([]);
    expect(await listStoredFiles(test.filesDir)).toEqual(storedBefore);
  });
});

describe('POST /api/v2/partner/{outsource_key}/message/', () => {
  it("stores an INBOUND outsource message on the job's case, audited, and tells the department", async () => {
    const { collection, item, job, calls } = await startJob();
    const response = await calls.message({ message: '  The margin on 21 is unclear.  ' });
    expect(response.statusCode).toBe(200);
    const answer = partnerMessageSchema.parse(response.json());
    expect(answer).toMatchObject({
      note: 'The margin on 21 is unclear.',
      direction: 'INBOUND',
      author_reference: 'Dental Design Partners',
    });
    const [row] = await test.db.select().from(messages).where(eq(messages.uid, answer.uid));
    expect(row).toMatchObject({
      message_type: 'OUTSOURCE_MESSAGE',
      visibility: 'PARTNERS',
      direction: 'INBOUND',
      author_reference: 'Dental Design Partners',
      author_user_id: null,
      case_collection_uid: collection.uid,
      case_uid: item.uid,
      outsource_uid: job.uid,
    });
    const audit = await test.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.entity_type, 'message'), eq(audit_events.entity_id, answer.uid)));
    expect(audit.map((a) => [a.action, a.actor_kind, a.actor_via])).toEqual([
      ['created', 'partner', `partner:${keyFingerprint(job.outsource_key)}`],
    ]);
    const told = await notificationsOf(job);
    expect(told).toContainEqual({
      user_id: designer.id,
      note: 'The margin on 21 is unclear.',
      type: 'OUTSOURCE_MESSAGE',
    });
    const listed = partnerJobSchema.parse(jsonOf(await calls.load()));
    expect(listed.messages.map((m) => m.uid)).toEqual([answer.uid]);
  });

  it("refuses a blank or missing message with 'Cannot be blank'", async () => {
    const { job, calls } = await startJob();
    for (const payload of [{ message: '' }, { message: ' \n\t ' }, {}]) {
      const response = await calls.message(payload);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({
        code: 'validation_failed',
        message: partnerTexts.cannotBeBlank,
        fields: { message: partnerTexts.cannotBeBlank },
      });
    }
    expect(await test.db.select().from(messages).where(eq(messages.outsource_uid, job.uid))).toEqual([]);
  });
});

describe('POST /api/v2/partner/{outsource_key}/complete/', () => {
  it('marks the job completed once (Review for staff); a second call is 409', async () => {
    const { job, calls } = await startJob();
    const response = await calls.complete();
    expect(response.statusCode).toBe(200);
    const answer: PartnerJob = partnerJobSchema.parse(response.json());
    expect(answer.status).toBe('Review');
    expect(answer.marked_as_completed).not.toBeNull();
    const [row] = await test.db.select().from(outsources).where(eq(outsources.uid, job.uid));
    expect(row?.marked_as_completed?.toISOString()).toBe(answer.marked_as_completed);
    const audit = (await auditOf(job)).filter((a) => a.entity_type === 'outsource');
    expect(audit.map((a) => [a.entity_id, a.action, a.actor_kind, a.changed_values])).toEqual([
      [
        job.uid,
        'marked_completed',
        'partner',
        {
          marked_as_completed: { old: null, new: answer.marked_as_completed },
          status: { old: 'Not Started', new: 'Review' },
        },
      ],
    ]);
    expect((await notificationsOf(job)).map((n) => n.user_id)).toContain(designer.id);

    const again = await calls.complete();
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(partnerTexts.alreadyCompleted);
  });
});

describe('an ended job', () => {
  it('still loads (read only) but refuses every write with 409, storing nothing', async () => {
    const { job, calls } = await startJob({ isEnded: true });
    const loaded = partnerJobSchema.parse(jsonOf(await calls.load()));
    expect(loaded).toMatchObject({ ended: true, status: 'Complete' });
    const storedBefore = await listStoredFiles(test.filesDir);
    for (const response of [
      await calls.upload([returnFile('late.stl', sampleFiles.stl())]),
      await calls.message({ message: 'One more thing' }),
      await calls.message({ message: '' }),
      await calls.complete(),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(errorOf(response).message).toBe(partnerTexts.jobEnded);
      expectLinkHeaders(response);
    }
    expect(await test.db.select().from(files).where(eq(files.outsource_uid, job.uid))).toEqual([]);
    expect(await test.db.select().from(messages).where(eq(messages.outsource_uid, job.uid))).toEqual([]);
    expect(await listStoredFiles(test.filesDir)).toEqual(storedBefore);
    expect(await notificationsOf(job)).toEqual([]);
  });
});
