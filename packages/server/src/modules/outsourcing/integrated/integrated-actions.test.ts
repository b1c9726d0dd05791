import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionSchema, hasRedoBadge, integratedRequestState, outsourceMessages } from '@lab/domain';
import { audit_events, messages, outsources } from '../../../db/schema/index';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../../testing';
import { createCollection, type CaseRow, type CreatedCollection } from '../../../testing/factories';
import { caseAuditOf, createCaseCalls, fieldsOf, loadCase } from '../../cases/cases-test-kit';
import {
  findPartnerIdByName,
  integratedForm,
  markCompleted,
  queuedJobsFor,
  requestsOfCase,
  storeCaseFile,
} from './integrated-test-kit';

// start_integrated_outsource and redo_integrated_outsource through POST /api/v2/case/{case_id}/: the rows,
// message, audit and queued send of a start, every refusal of the form, and when a redo is allowed.

let test: TestApp;
let staff: SignedInUser;
let calls: ReturnType<typeof createCaseCalls>;
let evidentId: number;
let manualId: number;

beforeAll(async () => {
  test = await createTestApp();
  staff = await signInAs(test, { department: 'DESIGN' });
  calls = createCaseCalls(test, staff);
  evidentId = await findPartnerIdByName(test, 'Evident Digital');
  manualId = await findPartnerIdByName(test, 'Dental Design Partners');
});

afterAll(async () => {
  await test.close();
});

/** A collection with one case in design and an order file on it. */
const caseWithFile = async (statusName = 'Design In Progress') => {
  const collection = await createCollection(test.db, { cases: [{ statusName }] });
  const row = collection.cases[0] as CaseRow;
  const file = await storeCaseFile(test, { caseUid: row.uid, collectionUid: collection.uid });
  return { collection, row, file };
};

const outsourcesOf = async (collection: CreatedCollection, caseUid: string) => {
  const response = await test.app.inject({
    method: 'GET',
    url: `/api/v2/collection/${collection.uid}/`,
    headers: staff.headers,
  });
  return collectionSchema.parse(response.json()).cases.find((c) => c.uid === caseUid)?.outsources ?? [];
};

describe('start_integrated_outsource', () => {
  it('starts a digital job with its request queued, the message, the audit rows and the send job', async () => {
    const { collection, row, file } = await caseWithFile();
    const response = await calls.act(row.case_id, integratedForm(evidentId, file.id, { RefId: 'PT-7' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ uid: row.uid, status: 'Design Outsourced' });

    const [entry] = await requestsOfCase(test, row.uid);
    if (!entry) throw new Error('no request');
    const { request, job } = entry;
    expect(job).toMatchObject({
      partner_id: evidentId,
      job_type: 'digital',
      expected_return: null,
      outsource_key: null,
      note: 'Internal: rush if the client calls.',
    });
    expect(job.start).not.toBeNull();
    expect(request).toMatchObject({
      adapter_type: 'EVIDENT',
      file_id: file.id,
      retry_count: 0,
      sent_at: null,
      error: null,
      payload: {
        DesignType: [100, 205],
        ScannerType: '3Shape',
        Instruction: 'Screw channels lingual where possible.',
        Units: 2,
        Position: 'posterior',
        Rush: false,
        RefId: 'PT-7',
      },
    });
    expect(request.next_attempt_at?.getTime()).toBe(job.start?.getTime());
    expect(await queuedJobsFor(test, 'evident-send', request.id)).toBe(1);

    const [message] = await test.db.select().from(messages).where(eq(messages.outsource_uid, job.uid));
    expect(message).toMatchObject({
      message_type: 'OUTSOURCE_MESSAGE',
      visibility: 'PARTNERS',
      direction: 'OUTBOUND',
      recipient_reference: 'Evident Digital',
      author_reference: staff.username,
      note: 'Screw channels lingual where possible.',
    });
    const audit = await test.db
      .select({ action: audit_events.action, changed_values: audit_events.changed_values })
      .from(audit_events)
      .where(and(eq(audit_events.entity_type, 'outsource'), eq(audit_events.entity_id, job.uid)));
    expect(audit).toEqual([
      {
        action: 'started',
        changed_values: {
          partner: 'Evident Digital',
          adapter_type: 'EVIDENT',
          request_id: request.id,
          file: 'upper_scan.stl',
          design_types: [100, 205],
          rush: false,
          preemptive: false,
        },
      },
    ]);
    const caseAudit = await caseAuditOf(test, row.uid);
    expect(caseAudit.at(-1)?.changed_values).toMatchObject({
      status: { old: 'Design In Progress', new: 'Design Outsourced' },
      outsource: { old: null, new: 'Sent to Evident Digital' },
    });

    const [listed] = await outsourcesOf(collection, row.uid);
    expect(listed?.status).toBe('Not Started');
    const presented = listed?.integrated_outsource_requests[0];
    expect(presented && integratedRequestState(presented)).toBe('Queued to Send');
  });

  it.each([
    ['DesignType', { DesignType: [] }, outsourceMessages.mustBeSelected],
    ['ScannerType', { ScannerType: null }, outsourceMessages.mustBeSelected],
    ['Position', { Position: undefined }, outsourceMessages.mustBeSelected],
    ['Instruction', { Instruction: '   ' }, outsourceMessages.mustBeSupplied],
    ['Units', { Units: 'two' }, outsourceMessages.mustBeNumber],
  ])('refuses the form without %s', async (field, payload, message) => {
    const { row, file } = await caseWithFile();
    const response = await calls.act(row.case_id, integratedForm(evidentId, file.id, payload));
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response)).toEqual({ [`payload.${field}`]: message });
    expect(await requestsOfCase(test, row.uid)).toEqual([]);
  });

  it('starts the job planned with the integrated partner in place, once', async () => {
    const { collection, row, file } = await caseWithFile();
    const plan = await calls.act(row.case_id, {
      action: 'plan_outsource',
      partner_id: manualId,
      due_time: new Date(Date.now() + 86_400_000).toISOString(),
      job_type: 'digital',
      note: 'Planned by the job type',
    });
    expect(plan.statusCode).toBe(200);
    const [planned] = await outsourcesOf(collection, row.uid);
    if (!planned) throw new Error('no plan');
    const started = await calls.act(row.case_id, {
      ...integratedForm(evidentId, file.id),
      outsource_id: planned.id,
    });
    expect(started.statusCode).toBe(200);
    const jobs = await outsourcesOf(collection, row.uid);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ id: planned.id, partner: 'Evident Digital', status: 'Not Started' });
    expect(jobs[0]?.integrated_outsource_requests).toHaveLength(1);
    const again = await calls.act(row.case_id, {
      ...integratedForm(evidentId, file.id),
      outsource_id: planned.id,
    });
    expect(again.statusCode).toBe(409);
    expect(errorMessage(again)).toBe(outsourceMessages.alreadyStarted);
  });

  it('asks for the partner and the file, both at once', async () => {
    const { row } = await caseWithFile();
    const response = await calls.act(row.case_id, integratedForm(null, null));
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response)).toEqual({
      partner_id: outsourceMessages.mustBeSelected,
      file_id: outsourceMessages.mustBeSelected,
    });
  });

  it('refuses a manual partner and an unknown one', async () => {
    const { row, file } = await caseWithFile();
    const manual = await calls.act(row.case_id, integratedForm(manualId, file.id));
    expect(manual.statusCode).toBe(400);
    expect(fieldsOf(manual)).toEqual({ partner_id: outsourceMessages.notIntegratedPartner });
    const unknown = await calls.act(row.case_id, integratedForm(999_999, file.id));
    expect(fieldsOf(unknown)).toEqual({ partner_id: outsourceMessages.unknownPartner });
    expect(await requestsOfCase(test, row.uid)).toEqual([]);
  });

  it('sends only an order or internal file of this case', async () => {
    const { collection, row } = await caseWithFile();
    const other = await caseWithFile();
    const approvalFile = await storeCaseFile(
      test,
      { caseUid: row.uid, collectionUid: collection.uid },
      { category: 'approval_file', filename: 'approval.stl' },
    );
    const internal = await storeCaseFile(
      test,
      { caseUid: row.uid, collectionUid: collection.uid },
      { category: 'internal_file', filename: 'internal.stl' },
    );
    for (const fileId of [other.file.id, approvalFile.id, 999_999]) {
      const response = await calls.act(row.case_id, integratedForm(evidentId, fileId));
      expect(response.statusCode).toBe(400);
      expect(fieldsOf(response)).toEqual({ file_id: outsourceMessages.unknownFile });
    }
    const response = await calls.act(row.case_id, integratedForm(evidentId, internal.id));
    expect(response.statusCode).toBe(200);
  });

  it('asks before moving a case that is not in design', async () => {
    const { row, file } = await caseWithFile('Ordered');
    const asked = await calls.act(row.case_id, integratedForm(evidentId, file.id));
    expect(asked.statusCode).toBe(409);
    expect(errorMessage(asked)).toBe(outsourceMessages.notInDesign);
    const confirmed = await calls.act(
      row.case_id,
      integratedForm(evidentId, file.id, {}, { move_to_design: true }),
    );
    expect(confirmed.statusCode).toBe(200);
    expect((await loadCase(test, row.uid)).in_design).toBe(true);
  });
});

describe('redo_integrated_outsource', () => {
  const redo = (outsourceId: number, notes = 'Thicken the connectors.') => ({
    action: 'redo_integrated_outsource',
    outsource_id: outsourceId,
    note: 'Client asked for it',
    payload: { Notes: notes },
  });

  const startedJob = async () => {
    const { collection, row, file } = await caseWithFile();
    expect((await calls.act(row.case_id, integratedForm(evidentId, file.id))).statusCode).toBe(200);
    const [entry] = await requestsOfCase(test, row.uid);
    if (!entry) throw new Error('no request');
    return { collection, row, ...entry };
  };

  it('is refused until the partner completed the job', async () => {
    const { row, job } = await startedJob();
    const response = await calls.act(row.case_id, redo(job.id));
    expect(response.statusCode).toBe(409);
    expect(errorMessage(response)).toBe(outsourceMessages.redoNotAllowed);
  });

  it('stamps the redo, queues its send and shows the Redo badge; a second one waits for its results', async () => {
    const { collection, row, job, request } = await startedJob();
    await markCompleted(test, request.id, new Date(Date.now() - 60_000));
    await test.db
      .update(outsources)
      .set({ marked_as_completed: new Date() })
      .where(eq(outsources.id, job.id));

    const response = await calls.act(row.case_id, redo(job.id, '  Thicken the connectors.  '));
    expect(response.statusCode).toBe(200);
    const [after] = await requestsOfCase(test, row.uid);
    expect(after?.request).toMatchObject({
      redo_payload: { Notes: 'Thicken the connectors.' },
      retry_count: 0,
    });
    expect(after?.request.redo_requested_at).not.toBeNull();
    expect(after?.request.next_attempt_at?.getTime()).toBe(after?.request.redo_requested_at?.getTime());
    // Back with the partner: no longer in Review.
    expect(after?.job.marked_as_completed).toBeNull();
    expect(await queuedJobsFor(test, 'evident-send', request.id)).toBe(2);

    const notes = await test.db
      .select({ note: messages.note, direction: messages.direction })
      .from(messages)
      .where(eq(messages.outsource_uid, job.uid))
      .orderBy(asc(messages.created_at));
    expect(notes.at(-1)).toEqual({ note: 'Thicken the connectors.', direction: 'OUTBOUND' });
    const [audit] = await test.db
      .select({ changed_values: audit_events.changed_values })
      .from(audit_events)
      .where(and(eq(audit_events.entity_id, job.uid), eq(audit_events.action, 'redo_requested')));
    expect(audit?.changed_values).toMatchObject({
      notes: 'Thicken the connectors.',
      note: 'Client asked for it',
    });

    const presented = (await outsourcesOf(collection, row.uid))[0]?.integrated_outsource_requests[0];
    expect(presented && hasRedoBadge(presented)).toBe(true);

    const again = await calls.act(row.case_id, redo(job.id));
    expect(again.statusCode).toBe(409);
    expect(errorMessage(again)).toBe(outsourceMessages.redoNotAllowed);
  });

  it('is refused on an ended job, an unknown job and without notes', async () => {
    const { row, job, request } = await startedJob();
    await markCompleted(test, request.id, new Date());
    const blank = await calls.act(row.case_id, redo(job.id, '  '));
    expect(blank.statusCode).toBe(400);
    expect(fieldsOf(blank)).toEqual({ 'payload.Notes': outsourceMessages.blank });

    const unknown = await calls.act(row.case_id, redo(999_999));
    expect(unknown.statusCode).toBe(404);
    expect(errorMessage(unknown)).toBe(outsourceMessages.unknownOutsource);

    await test.db.update(outsources).set({ end: new Date() }).where(eq(outsources.id, job.id));
    const ended = await calls.act(row.case_id, redo(job.id));
    expect(ended.statusCode).toBe(409);
    expect(errorMessage(ended)).toBe(outsourceMessages.alreadyEnded);
  });
});
