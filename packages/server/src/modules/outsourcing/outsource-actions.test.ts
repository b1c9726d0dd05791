import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionSchema, outsourceMessages, type Outsource } from '@lab/domain';
import { selectRows } from '../../db/client';
import { audit_events, branches, files, messages, outsources, partners, users } from '../../db/schema/index';
import { waitForMail } from '../../mail/mail-test-kit';
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
import { caseAuditOf, createCaseCalls, fieldsOf, loadCase } from '../cases/cases-test-kit';
import { copyOutsourceFiles } from './outsource-file-copy';

// The manual outsourcing actions of POST /api/v2/case/{case_id}/ through the real app: start (new and
// preemptive), plan, end, messages to the partner, Auto Upload, and the partner's e-mail job.

let test: TestApp;
let staff: SignedInUser;
let calls: ReturnType<typeof createCaseCalls>;
let collection: CreatedCollection;
let inDesign: CaseRow;
let ordered: CaseRow;
let planned: CaseRow;
let manualPartnerId: number;
let integratedPartnerId: number;
let melbourneId: number;

const inHours = (hours: number): string => new Date(Date.now() + hours * 3600_000).toISOString();

const jobForm = (overrides: Record<string, unknown> = {}) => ({
  partner_id: manualPartnerId,
  due_time: inHours(48),
  job_type: 'digital',
  note: 'Please design the crown, contacts light.',
  additional_recipients: ['lab-manager@example.com'],
  ...overrides,
});

const idOf = async (rows: Promise<{ id: number }[]>): Promise<number> => {
  const [row] = await rows;
  if (!row) throw new Error('reference row missing');
  return row.id;
};

const jobsOf = async (caseRow: CaseRow): Promise<Outsource[]> => {
  const response = await test.app.inject({
    method: 'GET',
    url: `/api/v2/collection/${collection.uid}/`,
    headers: staff.headers,
  });
  const answer = collectionSchema.parse(response.json());
  return answer.cases.find((c) => c.uid === caseRow.uid)?.outsources ?? [];
};

const outsourceAudit = (uid: string) =>
  test.db
    .select({ action: audit_events.action, actor_reference: audit_events.actor_reference })
    .from(audit_events)
    .where(and(eq(audit_events.entity_type, 'outsource'), eq(audit_events.entity_id, uid)))
    .orderBy(asc(audit_events.id));

beforeAll(async () => {
  test = await createTestApp();
  staff = await signInAs(test, { department: 'DESIGN' });
  calls = createCaseCalls(test, staff);
  manualPartnerId = await idOf(
    test.db.select({ id: partners.id }).from(partners).where(eq(partners.name, 'Dental Design Partners')),
  );
  integratedPartnerId = await idOf(
    test.db.select({ id: partners.id }).from(partners).where(eq(partners.name, 'Evident Digital')),
  );
  melbourneId = await idOf(
    test.db.select({ id: branches.id }).from(branches).where(eq(branches.name, 'Melbourne')),
  );
  collection = await createCollection(test.db, {
    branch: 'Melbourne',
    cases: [{ statusName: 'Design In Progress' }, { statusName: 'Ordered' }, { statusName: 'Ordered' }],
  });
  [inDesign, ordered, planned] = collection.cases as [CaseRow, CaseRow, CaseRow];
});
afterAll(() => test.close());

describe('start_outsource validation (case-workspace §5 Outsource)', () => {
  it('names every missing field with the spec’s texts and stores nothing', async () => {
    const response = await calls.act(inDesign.case_id, {
      action: 'start_outsource',
      additional_recipients: [],
    });
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response)).toEqual({
      partner_id: 'Must be selected',
      due_time: 'Must be selected',
      job_type: 'Must be selected',
      note: 'Must be provided',
    });
    expect(await jobsOf(inDesign)).toEqual([]);
  });

  it('needs a returning branch for physical work', async () => {
    const response = await calls.act(inDesign.case_id, {
      action: 'start_outsource',
      ...jobForm({ job_type: 'physical' }),
    });
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response)).toEqual({ returning_branch_id: 'Must be selected' });
  });

  it('refuses a due time in the past, a bad e-mail and an integrated partner', async () => {
    const past = await calls.act(inDesign.case_id, {
      action: 'start_outsource',
      ...jobForm({ due_time: inHours(-1) }),
    });
    expect(past.statusCode).toBe(400);
    expect(errorMessage(past)).toBe('Cannot be in the past');

    const email = await calls.act(inDesign.case_id, {
      action: 'start_outsource',
      ...jobForm({ additional_recipients: ['not-an-address'] }),
    });
    expect(email.statusCode).toBe(400);
    expect(errorMessage(email)).toBe(outsourceMessages.invalidEmail);

    const integrated = await calls.act(inDesign.case_id, {
      action: 'start_outsource',
      ...jobForm({ partner_id: integratedPartnerId }),
    });
    expect(integrated.statusCode).toBe(400);
    expect(fieldsOf(integrated)).toEqual({ partner_id: outsourceMessages.integratedPartnerManually });
    expect(await jobsOf(inDesign)).toEqual([]);
  });

  it('asks before moving a case that is not in design, then moves it to Design Outsourced', async () => {
    const asked = await calls.act(ordered.case_id, { action: 'start_outsource', ...jobForm() });
    expect(asked.statusCode).toBe(409);
    expect(errorMessage(asked)).toBe(outsourceMessages.notInDesign);
    expect(await jobsOf(ordered)).toEqual([]);

    const confirmed = await calls.act(ordered.case_id, {
      action: 'start_outsource',
      ...jobForm({ job_type: 'physical', returning_branch_id: melbourneId }),
      move_to_design: true,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'Design Outsourced', in_design: true });
    const audit = await caseAuditOf(test, ordered.uid);
    expect(audit.at(-1)?.changed_values).toMatchObject({
      status: { old: 'Ordered', new: 'Design Outsourced' },
      outsource: { old: null, new: 'Started with Dental Design Partners' },
    });
    const [job] = await jobsOf(ordered);
    expect(job).toMatchObject({ job_type: 'physical', returning_branch: 'Melbourne', status: 'Not Started' });
  });
});

describe('a started job', () => {
  let job: Outsource;

  it('stamps start and expected return, issues a share key, messages and mails the partner', async () => {
    const due = inHours(30);
    const response = await calls.act(inDesign.case_id, {
      action: 'start_outsource',
      ...jobForm({ due_time: due }),
    });
    expect(response.statusCode).toBe(200);
    const [started] = await jobsOf(inDesign);
    if (!started) throw new Error('no job');
    job = started;
    expect(job).toMatchObject({
      partner: 'Dental Design Partners',
      expected_return: new Date(due).toISOString(),
      status: 'Not Started',
      additional_recipients: ['lab-manager@example.com'],
      created_by: staff.username,
    });
    expect(job.start).not.toBeNull();
    // 256 random bits, base64url.
    expect(job.outsource_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await loadCase(test, inDesign.uid)).status_id).not.toBe(inDesign.status_id);

    const [message] = await test.db.select().from(messages).where(eq(messages.outsource_uid, job.uid));
    expect(message).toMatchObject({
      message_type: 'OUTSOURCE_MESSAGE',
      visibility: 'PARTNERS',
      direction: 'OUTBOUND',
      recipient_reference: 'Dental Design Partners',
      author_reference: staff.username,
      note: 'Please design the crown, contacts light.',
    });
    expect(await outsourceAudit(job.uid)).toEqual([{ action: 'started', actor_reference: staff.username }]);

    const link = `/static/v2/partner.html?key=${job.outsource_key ?? ''}`;
    const partnerMail = await waitForMail(
      test,
      (m) => m.text.includes(link) && m.to.includes('cases@dentaldesignpartners.example.com'),
    );
    expect(partnerMail.subject).toBe(`New job ${inDesign.case_mkey}: Screw-Retained Bridge`);
    await waitForMail(test, (m) => m.text.includes(link) && m.to.includes('lab-manager@example.com'));
  });

  it('takes messages for the partner; a blank one is refused', async () => {
    const blank = await calls.act(inDesign.case_id, {
      action: 'send_outsource_message',
      outsource_id: job.id,
      message: '   ',
    });
    expect(blank.statusCode).toBe(400);
    expect(errorMessage(blank)).toBe('Cannot be blank');

    const sent = await calls.act(inDesign.case_id, {
      action: 'send_outsource_message',
      outsource_id: job.id,
      message: 'Shade A2 please',
    });
    expect(sent.statusCode).toBe(200);
    const notes = await test.db
      .select({ note: messages.note })
      .from(messages)
      .where(eq(messages.outsource_uid, job.uid))
      .orderBy(asc(messages.created_at));
    expect(notes.map((n) => n.note)).toContain('Shade A2 please');
  });

  it('queues the order files for the partner (Auto Upload) and copies each once', async () => {
    const body = multipartBody({ action: 'upload_files', type: 'order_file' }, [
      { field: 'files', filename: 'upper.stl', content: sampleFiles.stl() },
    ]);
    const uploaded = await test.app.inject({
      method: 'POST',
      url: `/api/v2/case/${inDesign.case_id}/`,
      headers: { ...staff.headers, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(200);
    const queued = await calls.act(inDesign.case_id, { action: 'auto_outsource_upload' });
    expect(queued.statusCode).toBe(200);
    const payload = {
      case_uid: inDesign.uid,
      outsource_uid: job.uid,
      direction: 'to_partner' as const,
      requested_by_id: await idOf(
        test.db.select({ id: users.id }).from(users).where(eq(users.username, staff.username)),
      ),
      requested_by: staff.username,
    };
    // The job may already have run; running it again copies nothing twice.
    await copyOutsourceFiles(payload, {
      db: test.db,
      storage: test.storage,
      mailer: test.mail.mailer,
      log: { error: () => undefined },
      now: () => new Date(),
    });
    const sent = await test.db
      .select({ filename: files.filename, outsource_uid: files.outsource_uid, partner_id: files.partner_id })
      .from(files)
      .where(and(eq(files.case_uid, inDesign.uid), eq(files.file_category, 'outsource_sent_file')));
    expect(sent).toEqual([{ filename: 'upper.stl', outsource_uid: job.uid, partner_id: manualPartnerId }]);
  });

  it('ends after the confirmation once; a second end is 409 and another case’s job is unknown', async () => {
    const other = await calls.act(planned.case_id, { action: 'end_outsource', outsource_id: job.id });
    expect(other.statusCode).toBe(404);
    expect(errorMessage(other)).toBe(outsourceMessages.unknownOutsource);

    const ended = await calls.act(inDesign.case_id, { action: 'end_outsource', outsource_id: job.id });
    expect(ended.statusCode).toBe(200);
    const [after] = await jobsOf(inDesign);
    expect(after?.status).toBe('Complete');
    const again = await calls.act(inDesign.case_id, { action: 'end_outsource', outsource_id: job.id });
    expect(again.statusCode).toBe(409);
    expect(errorMessage(again)).toBe(outsourceMessages.alreadyEnded);
    const message = await calls.act(inDesign.case_id, {
      action: 'send_outsource_message',
      outsource_id: job.id,
      message: 'Too late',
    });
    expect(message.statusCode).toBe(409);
    expect((await outsourceAudit(job.uid)).map((a) => a.action)).toEqual([
      'started',
      'upload_queued',
      'ended',
    ]);
  });
});

describe('preemptive jobs', () => {
  it('are planned as Pending, started later with the form, and cannot start twice', async () => {
    const plan = await calls.act(planned.case_id, { action: 'plan_outsource', ...jobForm() });
    expect(plan.statusCode).toBe(200);
    const [pending] = await jobsOf(planned);
    expect(pending).toMatchObject({ status: 'Pending', start: null, outsource_key: null });
    if (!pending) throw new Error('no job');

    const start = await calls.act(planned.case_id, {
      action: 'start_outsource',
      ...jobForm(),
      outsource_id: pending.id,
      move_to_design: true,
    });
    expect(start.statusCode).toBe(200);
    const jobs = await jobsOf(planned);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ id: pending.id, status: 'Not Started' });
    expect(jobs[0]?.outsource_key).not.toBeNull();

    const twice = await calls.act(planned.case_id, {
      action: 'start_outsource',
      ...jobForm(),
      outsource_id: pending.id,
    });
    expect(twice.statusCode).toBe(409);
    expect(errorMessage(twice)).toBe(outsourceMessages.alreadyStarted);
  });

  it('ending a plan cancels it', async () => {
    await calls.act(planned.case_id, { action: 'plan_outsource', ...jobForm() });
    const jobs = await jobsOf(planned);
    const plan = jobs.find((j) => j.status === 'Pending');
    if (!plan) throw new Error('no plan');
    const ended = await calls.act(planned.case_id, { action: 'end_outsource', outsource_id: plan.id });
    expect(ended.statusCode).toBe(200);
    expect((await jobsOf(planned)).find((j) => j.id === plan.id)?.status).toBe('Canceled');
  });

  it('records the partner e-mail as communications of the job', async () => {
    const [row] = await test.db
      .select({ uid: outsources.uid, key: outsources.outsource_key })
      .from(outsources)
      .where(eq(outsources.case_uid, planned.uid))
      .orderBy(asc(outsources.id));
    if (!row?.key) throw new Error('no job');
    const link = `/static/v2/partner.html?key=${row.key}`;
    await waitForMail(test, (m) => m.text.includes(link) && m.to.includes('lab-manager@example.com'));
    await waitForMail(
      test,
      (m) => m.text.includes(link) && m.to.includes('cases@dentaldesignpartners.example.com'),
    );
    const logged = await selectRows<{ communication_type: string }>(
      test.db,
      sql`SELECT communication_type FROM communications WHERE outsource_uid = ${row.uid}`,
    );
    expect(logged.map((r) => r.communication_type)).toEqual(['OUTSOURCE_REQUEST', 'OUTSOURCE_REQUEST']);
  });
});
