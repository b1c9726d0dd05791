import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../db/client';
import { approvals, communications } from '../db/schema/index';
import { createTestApp, signInAs, type SignedInUser, type TestApp } from '../testing';
import { countingStatements } from '../testing/count-statements';
import { createClient, createCollection } from '../testing/factories';
import {
  createApprovalCalls,
  createPendingApproval,
  type ApprovalCalls,
} from '../modules/approvals/approvals-test-kit';
import { maxReminders, sendDueReminders } from './approval-reminders';
import { hearEvents } from '../realtime/heard-events-test-kit';

// The reminder pass, driven with its own clock: one reminder per interval while the approval is open and
// reminders are on, at most ten, each a mail in the client's mailbox and an APPROVAL_REMINDER row.

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

const hour = 3_600_000;

/** A pending approval with reminders on a case of its own, and its first reminder's due time. */
const approvalWithReminders = async (fields: Record<string, string> = {}) => {
  const client = await createClient(test.db, { email: `client${Date.now()}@example.com` });
  const collection = await createCollection(test.db, {
    client,
    cases: [{ statusName: 'Design In Progress' }],
  });
  const approval = await createPendingApproval(calls, collection.cases[0]?.uid ?? '', {
    send_reminders: 'true',
    ...fields,
  });
  return { approval, collection, firstDue: new Date(Date.parse(approval.next_reminder_due ?? '')) };
};

const remindersTo = (collectionId: number) =>
  test
    .listMailbox()
    .filter((m) => m.subject.startsWith('Reminder:') && m.subject.includes(`case ${collectionId} `));

const reminderRows = (approvalUid: string) =>
  test.db
    .select()
    .from(communications)
    .where(
      and(
        eq(communications.approval_uid, approvalUid),
        eq(communications.communication_type, 'APPROVAL_REMINDER'),
      ),
    );

const pass = (at: Date) => sendDueReminders(test.db, test.mail.mailer, at);
const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

describe('sendDueReminders', () => {
  it('sends exactly one reminder per interval', async () => {
    const { approval, collection, firstDue } = await approvalWithReminders();
    const heard = hearEvents();
    const told = () => heard.collections().filter((uid) => uid === collection.uid);
    await pass(later(firstDue, -1000));
    expect(remindersTo(collection.collection_id)).toHaveLength(0);
    const beforeDue = told().length;

    await pass(later(firstDue, 1000));
    // Open pages show the count, the next reminder and the communication log: told once when the
    // reminder is claimed and recorded, once more when it was sent (the request e-mail, sent by its own
    // job meanwhile, may add its own).
    expect(told().length - beforeDue).toBeGreaterThanOrEqual(2);
    heard.stop();
    await pass(later(firstDue, 2 * hour));
    const first = remindersTo(collection.collection_id);
    expect(first).toHaveLength(1);
    expect(first[0]?.text).toContain(
      `${test.config.publicUrl}/static/v2/portal.html?key=${collection.portal_key}`,
    );
    const [row] = await test.db.select().from(approvals).where(eq(approvals.uid, approval.uid));
    expect(row?.reminders_sent).toBe(1);
    expect(row?.next_reminder_due?.getTime()).toBe(firstDue.getTime() + 86_400_000);

    await pass(later(firstDue, 86_400_000 + 1000));
    expect(remindersTo(collection.collection_id)).toHaveLength(2);
    const rows = await reminderRows(approval.uid);
    expect(rows.map((r) => r.state)).toEqual(['sent', 'sent']);
    expect(rows[0]).toMatchObject({ communication_provider: 'EMAIL', case_collection_uid: collection.uid });
    expect(rows[0]?.tracking_key).not.toBe(rows[1]?.tracking_key);
  });

  it('stops once the approval is approved, or its reminders are cancelled', async () => {
    const approved = await approvalWithReminders();
    const cancelled = await approvalWithReminders();
    await calls.act(approved.approval.uid, 'approve');
    await calls.act(cancelled.approval.uid, 'cancel_reminders');
    await pass(later(approved.firstDue, 3 * 86_400_000));
    expect(remindersTo(approved.collection.collection_id)).toHaveLength(0);
    expect(remindersTo(cancelled.collection.collection_id)).toHaveLength(0);
  });

  it('stops after ten reminders', async () => {
    const { approval, collection, firstDue } = await approvalWithReminders({
      reminder_interval_seconds: '3600',
    });
    for (let i = 0; i < maxReminders + 3; i += 1) await pass(later(firstDue, i * hour + 1000));
    expect(remindersTo(collection.collection_id)).toHaveLength(maxReminders);
    const [row] = await test.db.select().from(approvals).where(eq(approvals.uid, approval.uid));
    expect(row).toMatchObject({ reminders_sent: maxReminders, next_reminder_due: null });
    const answer = await calls.act(approval.uid, 'cancel_reminders');
    expect(answer.statusCode).toBe(409);
  });

  it('does not send a burst after a pause, and two passes at once send one reminder', async () => {
    const { approval, collection, firstDue } = await approvalWithReminders();
    const muchLater = later(firstDue, 5 * 86_400_000);
    await Promise.all([pass(muchLater), pass(muchLater)]);
    await pass(later(muchLater, 60_000));
    expect(remindersTo(collection.collection_id)).toHaveLength(1);
    const [row] = await test.db.select().from(approvals).where(eq(approvals.uid, approval.uid));
    expect(row?.reminders_sent).toBe(1);
    expect(row?.next_reminder_due?.getTime()).toBe(muchLater.getTime() + 86_400_000);
  });

  it('records a reminder to a client without an address as failed', async () => {
    const client = await createClient(test.db, { email: null });
    const collection = await createCollection(test.db, { client, cases: [{}] });
    const approval = await createPendingApproval(calls, collection.cases[0]?.uid ?? '', {
      send_reminders: 'true',
    });
    const result = await pass(later(new Date(Date.parse(approval.next_reminder_due ?? '')), 1000));
    expect(result.failed).toBeGreaterThanOrEqual(1);
    const [row] = await reminderRows(approval.uid);
    expect(row).toMatchObject({ state: 'failed', error: 'No e-mail address' });
  });

  it('claims a batch in a fixed number of statements, whatever its size', async () => {
    // Only this test's approvals are due.
    await test.db.update(approvals).set({ send_reminders: false });
    const passCounting = async (count: number) => {
      const created = [];
      for (let i = 0; i < count; i += 1) created.push(await approvalWithReminders());
      const at = later(new Date(Math.max(...created.map((c) => c.firstDue.getTime()))), 1000);
      const counting = countingStatements(test.db);
      const result = await sendDueReminders(counting.db, test.mail.mailer, at);
      expect(result).toEqual({ sent: count, failed: 0 });
      await test.db.update(approvals).set({ send_reminders: false });
      return counting.count();
    };
    const one = await passCounting(1);
    const five = await passCounting(5);
    // Each further mail costs only its own delivery (the row's sent state, and the NOTIFY telling its
    // collection's open pages), not a claim of its own.
    expect(five - one).toBe(4 * 2);
  });

  it('is scheduled every minute', async () => {
    const rows = await selectRows<{ name: string; cron: string }>(
      test.db,
      sql`SELECT name, cron FROM pgboss.schedule WHERE name = 'approval-reminders'`,
    );
    expect(rows).toEqual([{ name: 'approval-reminders', cron: '* * * * *' }]);
  });
});
