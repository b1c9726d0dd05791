import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvals, cases } from '../../db/schema/index';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createCollection, type CaseRow } from '../../testing/factories';
import {
  approvalAuditOf,
  approvalOf,
  caseAuditOf,
  createApprovalCalls,
  createPendingApproval,
  type ApprovalCalls,
} from './approvals-test-kit';

// PATCH /api/v2/approval/{uid}/: approve on the client's behalf, cancel, cancel the reminders.

let test: TestApp;
let designer: SignedInUser;
let calls: ApprovalCalls;

beforeAll(async () => {
  test = await createTestApp();
  designer = await signInAs(test, { department: 'DESIGN' });
  calls = createApprovalCalls(test, designer);
});

afterAll(async () => {
  await test.close();
});

const newCase = async (): Promise<CaseRow> => {
  const collection = await createCollection(test.db, { cases: [{ statusName: 'Design In Progress' }] });
  return collection.cases[0] as CaseRow;
};

const loadCase = async (uid: string) => {
  const [row] = await test.db.select().from(cases).where(eq(cases.uid, uid));
  if (!row) throw new Error('no case');
  return row;
};

const loadApproval = async (uid: string) => {
  const [row] = await test.db.select().from(approvals).where(eq(approvals.uid, uid));
  if (!row) throw new Error('no approval');
  return row;
};

describe('PATCH /api/v2/approval/{uid}/ refusals', () => {
  it('needs a signed-in employee', async () => {
    const approval = await createPendingApproval(calls, (await newCase()).uid);
    const response = await calls.act(approval.uid, 'approve', {});
    expect(response.statusCode).toBe(401);
    expect(errorMessage(response)).toBe('Invalid Token');
  });

  it('answers 404 for an unknown or impossible uid', async () => {
    for (const uid of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const response = await calls.act(uid, 'approve');
      expect(response.statusCode).toBe(404);
      expect(errorMessage(response)).toBe('Approval not found');
    }
  });

  it('refuses an unknown action', async () => {
    const approval = await createPendingApproval(calls, (await newCase()).uid);
    const response = await calls.act(approval.uid, 'reject');
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toBe('Invalid action');
  });
});

describe('approve', () => {
  it('stamps the approval, stops its reminders and completes the client approval step', async () => {
    const caseRow = await newCase();
    const approval = await createPendingApproval(calls, caseRow.uid, { send_reminders: 'true' });
    const answer = approvalOf(await calls.act(approval.uid, 'approve'));
    expect(answer.approved_at).not.toBeNull();
    expect(answer.approved_by).toMatch(/^Test User \d+$/);
    expect(answer.next_reminder_due).toBeNull();
    const row = await loadApproval(approval.uid);
    expect(row.approved_by_id).not.toBeNull();
    expect((await approvalAuditOf(test, approval.uid)).map((a) => a.action)).toEqual(['created', 'approved']);
    const audit = await caseAuditOf(test, caseRow.uid);
    expect(audit.at(-1)?.changed_values).toEqual({
      approvals: { old: 'Design Approval: Pending', new: 'Design Approval: Approved' },
      date_approval_complete: { old: null, new: answer.approved_at },
    });
    const after = await loadCase(caseRow.uid);
    expect(after.date_approval_complete?.toISOString()).toBe(answer.approved_at);
    expect(after.warranty_void).toBe(false);
  });

  it('counts the time the request waited as customer delay and moves the schedule', async () => {
    const caseRow = await newCase();
    const approval = await createPendingApproval(calls, caseRow.uid);
    // The request went out two weeks ago: at least a week of business hours waited on the client.
    await test.db
      .update(approvals)
      .set({ created_at: new Date(Date.now() - 14 * 86_400_000) })
      .where(eq(approvals.uid, approval.uid));
    const before = await loadCase(caseRow.uid);
    approvalOf(await calls.act(approval.uid, 'approve'));
    const after = await loadCase(caseRow.uid);
    expect(after.customer_delay_seconds).toBeGreaterThanOrEqual(5 * 9 * 3600);
    expect(after.design_due?.getTime()).not.toBe(before.design_due?.getTime());
  });

  it('voids the warranty when the approval is outside the design envelope, with a case audit row', async () => {
    const caseRow = await newCase();
    const approval = await createPendingApproval(calls, caseRow.uid, {
      approval_type: 'OUTSIDE_ENVELOPE_APPROVAL',
    });
    expect((await loadCase(caseRow.uid)).warranty_void).toBe(false);
    approvalOf(await calls.act(approval.uid, 'approve'));
    expect((await loadCase(caseRow.uid)).warranty_void).toBe(true);
    const audit = await caseAuditOf(test, caseRow.uid);
    expect(audit.at(-1)?.changed_values).toMatchObject({
      approvals: {
        old: 'Outside Design Envelope Approval: Pending',
        new: 'Outside Design Envelope Approval: Approved',
      },
      warranty_void: { old: false, new: true },
    });
  });

  it('is refused once the approval is no longer pending', async () => {
    const approval = await createPendingApproval(calls, (await newCase()).uid);
    approvalOf(await calls.act(approval.uid, 'approve'));
    for (const action of ['approve', 'cancel']) {
      const response = await calls.act(approval.uid, action);
      expect(response.statusCode).toBe(409);
      expect(errorMessage(response)).toBe('This approval request is no longer pending');
    }
  });
});

describe('cancel', () => {
  it('stamps who cancelled, stops the reminders and closes the approval', async () => {
    const caseRow = await newCase();
    const approval = await createPendingApproval(calls, caseRow.uid, { send_reminders: 'true' });
    const answer = approvalOf(await calls.act(approval.uid, 'cancel'));
    expect(answer.cancelled_at).not.toBeNull();
    expect(answer.cancelled_by).toMatch(/^Test User \d+$/);
    expect(answer.next_reminder_due).toBeNull();
    expect((await loadApproval(approval.uid)).cancelled_by_id).not.toBeNull();
    expect((await approvalAuditOf(test, approval.uid)).map((a) => a.action)).toEqual([
      'created',
      'cancelled',
    ]);
    expect((await caseAuditOf(test, caseRow.uid)).at(-1)?.changed_values).toEqual({
      approvals: { old: 'Design Approval: Pending', new: 'Design Approval: Cancelled' },
    });
    const again = await calls.act(approval.uid, 'approve');
    expect(again.statusCode).toBe(409);
    expect(errorMessage(again)).toBe('This approval request is no longer pending');
  });

  it('can cancel an overdue approval', async () => {
    const approval = await createPendingApproval(calls, (await newCase()).uid);
    await test.db
      .update(approvals)
      .set({ approval_due_at: new Date(Date.now() - 60_000) })
      .where(eq(approvals.uid, approval.uid));
    expect(approvalOf(await calls.act(approval.uid, 'cancel')).cancelled_at).not.toBeNull();
  });
});

describe('cancel_reminders', () => {
  it('stops active reminders once', async () => {
    const caseRow = await newCase();
    const approval = await createPendingApproval(calls, caseRow.uid, { send_reminders: 'true' });
    const answer = approvalOf(await calls.act(approval.uid, 'cancel_reminders'));
    expect(answer).toMatchObject({ send_reminders: false, next_reminder_due: null, approved_at: null });
    expect((await approvalAuditOf(test, approval.uid)).map((a) => a.action)).toEqual([
      'created',
      'reminders_cancelled',
    ]);
    expect((await caseAuditOf(test, caseRow.uid)).at(-1)?.changed_values).toEqual({
      approval_reminders: { old: 'Design Approval: Every 1 day', new: null },
    });
    const again = await calls.act(approval.uid, 'cancel_reminders');
    expect(again.statusCode).toBe(409);
    expect(errorMessage(again)).toBe('Reminders are not active for this approval request');
  });

  it('is refused without reminders', async () => {
    const approval = await createPendingApproval(calls, (await newCase()).uid);
    const response = await calls.act(approval.uid, 'cancel_reminders');
    expect(response.statusCode).toBe(409);
    expect(errorMessage(response)).toBe('Reminders are not active for this approval request');
  });
});
