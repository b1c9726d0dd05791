import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionSchema } from '@lab/domain';
import { communications } from '../db/schema/index';
import { createMailer } from '../mail/mailer';
import { eventually, waitForMail } from '../mail/mail-test-kit';
import { createTestApp, signInAs, type SignedInUser, type TestApp } from '../testing';
import { createClient, createCollection, type CreatedCollection } from '../testing/factories';
import {
  createApprovalCalls,
  createPendingApproval,
  type ApprovalCalls,
} from '../modules/approvals/approvals-test-kit';
import { sendApprovalRequestEmail } from './approval-request-email';

// Job 'approval-request-email': a new approval request reaches the client's mailbox (a real SMTP server
// in this process) with the portal link and our tracking, and is logged as a communication.

let test: TestApp;
let designer: SignedInUser;
let calls: ApprovalCalls;
let collection: CreatedCollection;

beforeAll(async () => {
  test = await createTestApp();
  designer = await signInAs(test, { department: 'DESIGN' });
  calls = createApprovalCalls(test, designer);
  const client = await createClient(test.db, { name: 'Bright Smiles', email: 'frontdesk@bright.example' });
  collection = await createCollection(test.db, { client, cases: [{ statusName: 'Design In Progress' }] });
});

afterAll(async () => {
  await test.close();
});

const communicationsOf = (approvalUid: string) =>
  test.db
    .select()
    .from(communications)
    .where(
      and(
        eq(communications.approval_uid, approvalUid),
        eq(communications.communication_type, 'APPROVAL_REQUEST'),
      ),
    );

describe('the approval request e-mail', () => {
  it('arrives with the portal link and tracking, and is logged as sent', async () => {
    const caseUid = collection.cases[0]?.uid ?? '';
    const approval = await createPendingApproval(calls, caseUid, {
      message: 'Margins <b>adjusted</b> & ready',
    });
    const mail = await waitForMail(test, (m) => m.subject.includes(String(collection.collection_id)));
    const portalUrl = `${test.config.publicUrl}/static/v2/portal.html?key=${collection.portal_key}`;
    expect(mail.to).toEqual(['frontdesk@bright.example']);
    expect(mail.from).toBe('no-reply@lab.example');
    expect(mail.subject).toBe(`Approval required: Design Approval for case ${collection.collection_id}`);
    expect(mail.text).toContain(portalUrl);
    expect(mail.text).toContain('Margins <b>adjusted</b> & ready');
    expect(mail.html).toContain('Margins &lt;b&gt;adjusted&lt;/b&gt; &amp; ready');

    const [logged] = await eventually(async () => {
      const rows = await communicationsOf(approval.uid);
      return rows[0]?.state === 'sent' ? rows : null;
    });
    expect(logged).toMatchObject({
      communication_provider: 'EMAIL',
      recipient: 'frontdesk@bright.example',
      subject: mail.subject,
      case_uid: caseUid,
      case_collection_uid: collection.uid,
      opens: 0,
      clicks: 0,
      error: null,
    });
    expect(logged?.sent_at).not.toBeNull();
    expect(logged?.response).toEqual([{ email: 'frontdesk@bright.example', _id: mail.messageId }]);
    const key = logged?.tracking_key ?? '';
    expect(key.length).toBeGreaterThanOrEqual(22);
    expect(mail.html).toContain(`${test.config.publicUrl}/t/o/${key}.gif`);
    expect(mail.html).toContain(`${test.config.publicUrl}/t/c/${key}?u=${encodeURIComponent(portalUrl)}`);

    // The case's timeline shows when the approval e-mail went out.
    const answer = await test.app.inject({
      method: 'GET',
      url: `/api/v2/collection/${collection.uid}/`,
      headers: designer.headers,
    });
    const listed = collectionSchema.parse(answer.json()).cases.find((c) => c.uid === caseUid);
    expect(listed?.approval_email_times).toContain(logged?.created_at.toISOString());

    // Running the job again sends nothing more.
    await sendApprovalRequestEmail(test.db, test.mail.mailer, approval.uid);
    expect(test.listMailbox().filter((m) => m.subject === mail.subject)).toHaveLength(1);
    expect(await communicationsOf(approval.uid)).toHaveLength(1);
  });

  it('is logged as failed when the client has no e-mail address', async () => {
    const client = await createClient(test.db, { name: 'No Mail Dental', email: null });
    const other = await createCollection(test.db, { client, cases: [{}] });
    const approval = await createPendingApproval(calls, other.cases[0]?.uid ?? '');
    const [logged] = await eventually(async () => {
      const rows = await communicationsOf(approval.uid);
      return rows.length > 0 ? rows : null;
    });
    expect(logged).toMatchObject({
      state: 'failed',
      error: 'No e-mail address',
      recipient: '',
      tracking_key: null,
    });
    expect(test.listMailbox().some((m) => m.subject.includes(String(other.collection_id)))).toBe(false);
  });

  it('records a refused mail as failed and retries into the same row', async () => {
    const other = await createCollection(test.db, { cases: [{}] });
    // The job of the route runs too; this test drives the function itself on a fresh approval.
    const approval = await createPendingApproval(calls, other.cases[0]?.uid ?? '');
    await eventually(async () => ((await communicationsOf(approval.uid))[0]?.state === 'sent' ? true : null));
    await test.db
      .update(communications)
      .set({ state: 'failed' })
      .where(eq(communications.approval_uid, approval.uid));
    const closedPort = createMailer({
      smtp: { host: '127.0.0.1', port: 1 },
      from: 'x@lab.example',
      publicUrl: 'http://x',
    });
    await expect(sendApprovalRequestEmail(test.db, closedPort, approval.uid)).rejects.toThrow(
      /E-mail not sent/,
    );
    const [failed] = await communicationsOf(approval.uid);
    expect(failed?.state).toBe('failed');
    expect(failed?.error).toMatch(/ECONNREFUSED|connect/i);
    await sendApprovalRequestEmail(test.db, test.mail.mailer, approval.uid);
    const rows = await communicationsOf(approval.uid);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'sent', error: null });
  });

  it('sends nothing for an approval closed before the job ran', async () => {
    const other = await createCollection(test.db, { cases: [{}] });
    const approval = await createPendingApproval(calls, other.cases[0]?.uid ?? '');
    // Let the route's own job finish first, so its row cannot land after the delete below.
    await eventually(async () => ((await communicationsOf(approval.uid))[0]?.state === 'sent' ? true : null));
    await calls.act(approval.uid, 'cancel');
    await test.db.delete(communications).where(eq(communications.approval_uid, approval.uid));
    await sendApprovalRequestEmail(test.db, test.mail.mailer, approval.uid);
    expect(await communicationsOf(approval.uid)).toHaveLength(0);
  });
});
