import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalCollectionSchema } from '@lab/domain';
import { inTransaction } from '../../db/client';
import { approvals, cases, statuses, users } from '../../db/schema/index';
import { createTestApp, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createCollection } from '../../testing/factories';
import { createPortalCalls } from '../portal/portal-test-kit';
import { recomputeCaseSchedules } from '../schedule/recompute-case-schedule';
import { caseAuditOf, createApprovalCalls, inMinutes, type ApprovalCalls } from './approvals-test-kit';

// The client's answer moves a case that waits on it (issue 30): approved, the design is done and the
// case goes to its job type's next step (production, or quality control for a design that is the
// product); changes requested, it goes back to design. The design stage is completed by the designer who
// asked for the approval. A case not waiting on the client (a try-in answered in the lab) stays put.

let test: TestApp;
let designer: SignedInUser;
let designerId: number;
let calls: ApprovalCalls;

beforeAll(async () => {
  test = await createTestApp();
  designer = await signInAs(test, { department: 'DESIGN' });
  const [row] = await test.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, designer.username));
  designerId = row?.id ?? 0;
  calls = createApprovalCalls(test, designer);
});
afterAll(() => test.close());

const caseWaiting = async (statusName = 'Awaiting Client Approval', jobTypeName?: string) => {
  const collection = await createCollection(test.db, {
    cases: [{ statusName, ...(jobTypeName ? { jobTypeName } : {}) }],
  });
  const caseUid = collection.cases[0]?.uid ?? '';
  const created = await calls.create({
    approval_type: 'DESIGN_APPROVAL',
    case_uid: caseUid,
    approval_due_at: inMinutes(120),
  });
  expect(created.statusCode, created.body).toBe(200);
  const [approval] = await test.db.select().from(approvals).where(eq(approvals.case_uid, caseUid));
  return {
    collection,
    caseUid,
    approvalUid: approval?.uid ?? '',
    portal: createPortalCalls(test, collection.portal_key),
  };
};

const caseNow = async (caseUid: string) => {
  const [row] = await test.db
    .select({
      status: statuses.name,
      date_design_complete: cases.date_design_complete,
      design_user_id: cases.design_user_id,
      date_approval_complete: cases.date_approval_complete,
    })
    .from(cases)
    .innerJoin(statuses, eq(statuses.id, cases.status_id))
    .where(eq(cases.uid, caseUid));
  return row;
};

describe('the answer moves the case', () => {
  it('approved through the portal: design complete (by the designer who asked), on to production', async () => {
    const { caseUid, approvalUid, portal } = await caseWaiting();
    const answered = await portal.answer(approvalUid, { action: 'approve' });
    expect(answered.statusCode, answered.body).toBe(200);
    const row = await caseNow(caseUid);
    expect(row).toMatchObject({ status: 'Programming', design_user_id: designerId });
    expect(row?.date_design_complete).not.toBeNull();
    expect(row?.date_approval_complete).not.toBeNull();
    const audit = await caseAuditOf(test, caseUid);
    expect(JSON.stringify(audit)).toContain('Programming');
  });

  it('approved with changes: the same move, the changes kept for production', async () => {
    const { caseUid, approvalUid, portal } = await caseWaiting();
    const answered = await portal.answer(approvalUid, {
      action: 'approve_with_changes',
      changes: 'Slightly more occlusal clearance, please.',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect((await caseNow(caseUid))?.status).toBe('Programming');
  });

  it('a design that is the product goes to quality control, not to production', async () => {
    const { caseUid, approvalUid, portal } = await caseWaiting('Awaiting Client Approval', 'Design Only');
    expect((await portal.answer(approvalUid, { action: 'approve' })).statusCode).toBe(200);
    expect((await caseNow(caseUid))?.status).toBe('Quality Control');
  });

  it('changes requested: back to design, nothing completed', async () => {
    const { caseUid, approvalUid, portal } = await caseWaiting();
    const answered = await portal.answer(approvalUid, {
      action: 'request_changes',
      changes: 'Midline is shifted to the left.',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(await caseNow(caseUid)).toMatchObject({
      status: 'Design In Progress',
      date_design_complete: null,
      date_approval_complete: null,
    });
  });

  it('approved by staff on the client’s behalf: the same move', async () => {
    const { caseUid, approvalUid } = await caseWaiting();
    const acted = await calls.act(approvalUid, 'approve');
    expect(acted.statusCode, acted.body).toBe(200);
    expect((await caseNow(caseUid))?.status).toBe('Programming');
  });

  it('the portal tells the client the date their answer keeps while it waits, and a date once answered', async () => {
    const { collection, caseUid, approvalUid, portal } = await caseWaiting();
    await inTransaction(test.db, (tx) => recomputeCaseSchedules(tx, [caseUid]));
    const read = async () => {
      const response = await test.app.inject({
        method: 'GET',
        url: `/api/v2/customer/${collection.portal_key}/`,
      });
      expect(response.statusCode).toBe(200);
      return portalCollectionSchema.parse(response.json()).cases.find((item) => item.uid === caseUid);
    };
    const waiting = await read();
    const hold = waiting?.client_hold;
    if (!hold || !waiting.customer_due) throw new Error('no hold told');
    expect(Date.parse(hold.dispatch_if_answered_by)).toBeGreaterThanOrEqual(Date.parse(waiting.customer_due));
    expect(Date.parse(hold.dispatch_if_answered_today)).toBeGreaterThanOrEqual(
      Date.parse(waiting.customer_due),
    );
    expect((await portal.answer(approvalUid, { action: 'approve' })).statusCode).toBe(200);
    const answered = await read();
    expect(answered?.client_hold).toBeNull();
    expect(answered?.customer_due).not.toBeNull();
  });

  it('a case not waiting on the client stays where it is', async () => {
    const { caseUid, approvalUid, portal } = await caseWaiting('Polishing');
    expect((await portal.answer(approvalUid, { action: 'approve' })).statusCode).toBe(200);
    expect(await caseNow(caseUid)).toMatchObject({ status: 'Polishing' });
  });
});
