import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalApprovalSchema, portalTexts, type PortalApproval } from '@lab/domain';
import { approvals, audit_events, messages, notifications } from '../../db/schema/index';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import {
  createCollection,
  createEmployee,
  type CreatedCollection,
  type EmployeeRow,
} from '../../testing/factories';
import {
  caseAuditOf,
  createApprovalCalls,
  createPendingApproval,
  samplePng,
  type ApprovalCalls,
} from '../approvals/approvals-test-kit';
import { loadCase } from '../cases/cases-test-kit';
import { keyFingerprint } from './portal-client';
import {
  createPortalCalls,
  expectLinkHeaders,
  jsonOf,
  listStoredFiles,
  loadStaffCollection,
  type PortalCalls,
} from './portal-test-kit';

// POST /api/v2/customer/{portal_key}/approval/{approval_uid}/: the client approves, approves with
// changes or requests changes. Each is stamped with the client's name, audited as the client through the
// key, told to the lab, and refused for an approval the key does not reach or that no longer waits.

let test: TestApp;
let designer: SignedInUser;
let approvalCalls: ApprovalCalls;
let branchAdmin: EmployeeRow;
let branchDesigner: EmployeeRow;
let delegate: EmployeeRow;

beforeAll(async () => {
  test = await createTestApp();
  designer = await signInAs(test, { department: 'DESIGN' });
  approvalCalls = createApprovalCalls(test, designer);
  branchAdmin = await createEmployee(test.db, { department: 'ADMIN', branch: 'Melbourne' });
  branchDesigner = await createEmployee(test.db, { department: 'DESIGN', branch: 'Melbourne' });
  delegate = await createEmployee(test.db, { department: 'MACHINING', branch: 'Melbourne' });
});

afterAll(async () => {
  await test.close();
});

type Fields = Record<string, string>;

type Setup = {
  collection: CreatedCollection;
  caseUid: string;
  approvalUid: string;
  portal: PortalCalls;
};

/** A fresh collection of one case in design with a pending approval (reminders on) the key reaches. */
const setUp = async (
  options: { delegatedToId?: number; approvalType?: string; clientName?: string } = {},
): Promise<Setup> => {
  const collection = await createCollection(test.db, {
    clientName: options.clientName ?? 'Harbour Dental',
    cases: [{ statusName: 'Design In Progress', delegatedToId: options.delegatedToId ?? null }],
  });
  const caseUid = collection.cases[0]?.uid ?? '';
  const approval = await createPendingApproval(
    approvalCalls,
    caseUid,
    { send_reminders: 'true', approval_type: options.approvalType ?? 'DESIGN_APPROVAL' },
    [samplePng('design_front.png')],
  );
  expect(approval.next_reminder_due).not.toBeNull();
  return {
    collection,
    caseUid,
    approvalUid: approval.uid,
    portal: createPortalCalls(test, collection.portal_key),
  };
};

const answerOf = (response: Parameters<typeof jsonOf>[0]): PortalApproval =>
  portalApprovalSchema.parse(jsonOf(response));

const loadApproval = async (uid: string) => {
  const [row] = await test.db.select().from(approvals).where(eq(approvals.uid, uid));
  if (!row) throw new Error('no approval');
  return row;
};

const notifiedUserIds = async (collectionUid: string): Promise<number[]> =>
  (
    await test.db
      .select({ user_id: notifications.user_id })
      .from(notifications)
      .where(eq(notifications.case_collection_uid, collectionUid))
  )
    .map((row) => row.user_id)
    .sort((a, b) => a - b);

const inboundMessages = (collectionUid: string) =>
  test.db
    .select()
    .from(messages)
    .where(and(eq(messages.case_collection_uid, collectionUid), eq(messages.direction, 'INBOUND')));

describe('approve', () => {
  it('stamps the approval with the client, completes the approval step and audits the client by key', async () => {
    const { collection, caseUid, approvalUid, portal } = await setUp({ clientName: 'Harbour Dental' });
    const response = await portal.answer(approvalUid, { action: 'approve' });
    expectLinkHeaders(response);
    const answer = answerOf(response);
    expect(answer).toMatchObject({ uid: approvalUid, changes_requested_at: null, changes: null });
    expect(answer.approved_at).not.toBeNull();
    const row = await loadApproval(approvalUid);
    expect(row).toMatchObject({
      approved_by: 'Harbour Dental',
      approved_by_id: null,
      next_reminder_due: null,
    });
    const caseRow = await loadCase(test, caseUid);
    expect(caseRow.date_approval_complete?.toISOString()).toBe(answer.approved_at);
    const caseAudit = (await caseAuditOf(test, caseUid)).at(-1);
    expect(caseAudit?.modified_by).toBe('Harbour Dental');
    expect(caseAudit?.changed_values).toMatchObject({
      approvals: { old: 'Design Approval: Pending', new: 'Design Approval: Approved' },
    });
    const [audit] = await test.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.entity_id, approvalUid), eq(audit_events.action, 'approved')));
    expect(audit).toMatchObject({
      entity_type: 'approval',
      actor_kind: 'client',
      actor_reference: 'Harbour Dental',
      actor_user_id: null,
      actor_via: `portal:${keyFingerprint(collection.portal_key)}`,
    });
    expect(audit?.actor_via).toMatch(/^portal:[0-9a-f]{12}$/);
    expect(JSON.stringify(audit)).not.toContain(collection.portal_key);
    const staff = await loadStaffCollection(test, designer, collection.uid);
    expect(staff.approvals.find((a) => a.uid === approvalUid)).toMatchObject({
      approved_at: answer.approved_at,
      approved_by: 'Harbour Dental',
      next_reminder_due: null,
    });
    // A plain approval is no message: the timeline gains nothing from the client.
    expect(await inboundMessages(collection.uid)).toEqual([]);
  });

  it("tells the branch's ADMIN staff when the case has no delegate", async () => {
    const { collection, approvalUid, portal } = await setUp();
    answerOf(await portal.answer(approvalUid, { action: 'approve' }));
    expect(await notifiedUserIds(collection.uid)).toEqual([branchAdmin.id]);
    const [notice] = await test.db
      .select()
      .from(notifications)
      .where(eq(notifications.case_collection_uid, collection.uid));
    expect(notice).toMatchObject({
      message_uid: null,
      message_type: 'APPROVAL_MESSAGE',
      note: 'Design Approval: Approved',
      author_reference: 'Harbour Dental',
    });
    expect(notice?.expires_at).not.toBeNull();
  });

  it("tells the case's delegate, and only them, when there is one", async () => {
    const { collection, approvalUid, portal } = await setUp({ delegatedToId: delegate.id });
    answerOf(await portal.answer(approvalUid, { action: 'approve' }));
    expect(await notifiedUserIds(collection.uid)).toEqual([delegate.id]);
  });

  it('voids the warranty when the approval is outside the design envelope', async () => {
    const { caseUid, approvalUid, portal } = await setUp({ approvalType: 'OUTSIDE_ENVELOPE_APPROVAL' });
    expect((await loadCase(test, caseUid)).warranty_void).toBe(false);
    const answer = answerOf(await portal.answer(approvalUid, { action: 'approve' }));
    expect(answer.voids_warranty).toBe(true);
    expect((await loadCase(test, caseUid)).warranty_void).toBe(true);
  });
});

describe('approve_with_changes', () => {
  it('approves, keeps the changes and writes them as an inbound message with the files', async () => {
    const { collection, caseUid, approvalUid, portal } = await setUp({ clientName: 'Bayside Smiles' });
    const answer = answerOf(
      await portal.answer(
        approvalUid,
        { action: 'approve_with_changes', changes: '  Lengthen 11 by 0.5 mm  ' },
        [{ ...samplePng('marked_up.png'), field: 'files' }],
      ),
    );
    expect(answer).toMatchObject({ changes: 'Lengthen 11 by 0.5 mm', changes_requested_at: null });
    expect(answer.approved_at).not.toBeNull();
    const [message] = await inboundMessages(collection.uid);
    expect(message).toMatchObject({
      message_type: 'APPROVAL_MESSAGE',
      visibility: 'CLIENTS',
      direction: 'INBOUND',
      author_reference: 'Bayside Smiles',
      note: 'Lengthen 11 by 0.5 mm',
      approval_uid: approvalUid,
      case_uid: caseUid,
    });
    const portalMessage = (
      await jsonOf<{ messages: { uid: string; attachments: { file_name: string }[] }[] }>(await portal.load())
    ).messages.find((m) => m.uid === message?.uid);
    expect(portalMessage?.attachments.map((a) => a.file_name)).toEqual(['marked_up.png']);
    expect(await notifiedUserIds(collection.uid)).toEqual([branchAdmin.id]);
  });
});

describe('request_changes', () => {
  it('stamps the request, stops the reminders, writes the inbound message and tells design too', async () => {
    const { collection, caseUid, approvalUid, portal } = await setUp({ delegatedToId: delegate.id });
    const answer = answerOf(
      await portal.answer(approvalUid, { action: 'request_changes', changes: 'Midline is off, please fix' }),
    );
    expect(answer).toMatchObject({ approved_at: null, changes: 'Midline is off, please fix' });
    expect(answer.changes_requested_at).not.toBeNull();
    const row = await loadApproval(approvalUid);
    expect(row.next_reminder_due).toBeNull();
    expect(row.approved_at).toBeNull();
    const [message] = await inboundMessages(collection.uid);
    expect(message).toMatchObject({
      message_type: 'APPROVAL_MESSAGE',
      direction: 'INBOUND',
      visibility: 'CLIENTS',
      note: 'Midline is off, please fix',
      case_uid: caseUid,
    });
    // The delegate, and design at the fulfillment branch; not the signed-in designer of no branch.
    expect(await notifiedUserIds(collection.uid)).toEqual(
      [delegate.id, branchDesigner.id].sort((a, b) => a - b),
    );
    const caseAudit = (await caseAuditOf(test, caseUid)).at(-1);
    expect(caseAudit?.changed_values).toMatchObject({
      approvals: { old: 'Design Approval: Pending', new: 'Design Approval: Changes Requested' },
    });
  });
});

describe('refusals', () => {
  it('refuses blank details for both answers with changes, storing nothing', async () => {
    const { collection, approvalUid, portal } = await setUp();
    const before = await listStoredFiles(test.filesDir);
    for (const action of ['approve_with_changes', 'request_changes']) {
      const blanks: Fields[] = [{ action }, { action, changes: ' \n\t ' }];
      for (const fields of blanks) {
        const response = await portal.answer(approvalUid, fields, [samplePng('ignored.png')]);
        expect(response.statusCode).toBe(400);
        expect(errorMessage(response)).toBe('Cannot be blank');
        expect(response.json<{ error: { fields: unknown } }>().error.fields).toEqual({
          changes: 'Cannot be blank',
        });
        expectLinkHeaders(response);
      }
    }
    const row = await loadApproval(approvalUid);
    expect(row).toMatchObject({ approved_at: null, changes_requested_at: null, changes: null });
    expect(row.next_reminder_due).not.toBeNull();
    expect(await inboundMessages(collection.uid)).toEqual([]);
    expect(await listStoredFiles(test.filesDir)).toEqual(before);
  });

  it('refuses an unknown or missing action', async () => {
    const { approvalUid, portal } = await setUp();
    const refused: Fields[] = [{ action: 'reject' }, { action: '' }, {}];
    for (const fields of refused) {
      const response = await portal.answer(approvalUid, fields);
      expect(response.statusCode).toBe(400);
      expect(errorMessage(response)).toBe('Invalid action');
    }
    expect((await loadApproval(approvalUid)).approved_at).toBeNull();
  });

  it('answers 409 to a second answer, whatever it is', async () => {
    const { approvalUid, portal } = await setUp();
    answerOf(await portal.answer(approvalUid, { action: 'approve' }));
    const late: Fields[] = [
      { action: 'approve' },
      { action: 'request_changes', changes: 'Too late' },
      { action: 'approve_with_changes', changes: 'Too late' },
    ];
    for (const fields of late) {
      const response = await portal.answer(approvalUid, fields);
      expect(response.statusCode).toBe(409);
      expect(errorMessage(response)).toBe(portalTexts.approvalNotPending);
    }
    const changed = await setUp();
    answerOf(
      await changed.portal.answer(changed.approvalUid, { action: 'request_changes', changes: 'Redo' }),
    );
    const again = await changed.portal.answer(changed.approvalUid, { action: 'approve' });
    expect(again.statusCode).toBe(409);
    expect(errorMessage(again)).toBe(portalTexts.approvalNotPending);
  });

  it("answers 404 for another collection's approval, which stays pending", async () => {
    const mine = await setUp();
    const theirs = await setUp();
    const answers: Fields[] = [{ action: 'approve' }, { action: 'request_changes', changes: 'Change it' }];
    for (const fields of answers) {
      const response = await mine.portal.answer(theirs.approvalUid, fields);
      expect(response.statusCode).toBe(404);
      expect(errorMessage(response)).toBe('Approval not found');
      expectLinkHeaders(response);
    }
    const row = await loadApproval(theirs.approvalUid);
    expect(row).toMatchObject({ approved_at: null, changes_requested_at: null, changes: null });
    expect(await inboundMessages(theirs.collection.uid)).toEqual([]);
  });

  it('answers 404 for a cancelled, an unknown and a malformed approval', async () => {
    const { approvalUid, portal } = await setUp();
    expect((await approvalCalls.act(approvalUid, 'cancel')).statusCode).toBe(200);
    for (const uid of [approvalUid, '00000000-0000-4000-8000-000000000000', 'not-a-uid']) {
      const response = await portal.answer(uid, { action: 'approve' });
      expect(response.statusCode).toBe(404);
      expect(errorMessage(response)).toBe('Approval not found');
    }
  });

  it("answers 404 with the link text for a wrong key, even on the approval's own uid", async () => {
    const { approvalUid, portal } = await setUp();
    const response = await portal.answer(approvalUid, { action: 'approve' }, [], 'wrong-key-wrong-key-wrong');
    expect(response.statusCode).toBe(404);
    expect(errorMessage(response)).toBe(portalTexts.notFound);
    expectLinkHeaders(response);
    expect((await loadApproval(approvalUid)).approved_at).toBeNull();
  });
});
