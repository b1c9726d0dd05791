import { sql } from 'drizzle-orm';
import { inTransaction, selectRows, type Db, type Tx } from '../db/client';
import { publishCasesChanged } from '../realtime/events';
import {
  communicationTypes,
  deliverCommunication,
  recordCommunications,
  type EmailContent,
  type QueuedCommunication,
} from '../mail/communications';
import type { Mailer } from '../mail/mailer';
import { approvalReminderEmail } from '../mail/templates/case-emails';
import { loadCaseMails } from './case-mail-context';

// Job 'approval-reminders' (pg-boss schedule, every minute): a reminder for each open approval whose
// next reminder is due, while reminders are on, at most `maxReminders` per approval (domain-decisions
// 'Messages, notifications, approvals').
//
// A pass first claims the due approvals in one short transaction — `FOR UPDATE SKIP LOCKED`, so several
// server processes never take the same approval — moving each one's next reminder on and recording its
// communication; only after commit does it talk to the SMTP server. So a reminder is sent at most once
// per interval whatever the number of processes, and no row lock is held while mail is on the wire.

export const maxReminders = 10;
const batchSize = 50;

// Times come as epoch milliseconds: raw rows carry timestamps as driver-specific text.
type DueApproval = {
  uid: string;
  case_uid: string;
  type_name: string;
  approval_due_ms: number;
  reminder_interval_seconds: number;
  next_reminder_due_ms: number;
  reminders_sent: number;
};

type ClaimedReminder = { communication: QueuedCommunication; content: EmailContent };

/**
 * The next reminder one interval on. After a pause (the server was down) it is one interval from now, so
 * missed reminders are not sent in a burst.
 */
export const nextReminderDue = (due: DueApproval, now: Date, sent: number): Date | null => {
  if (sent >= maxReminders) return null;
  const interval = due.reminder_interval_seconds * 1000;
  const next = Number(due.next_reminder_due_ms) + interval;
  return new Date(next > now.getTime() ? next : now.getTime() + interval);
};

// The case is share-locked with SKIP LOCKED too: recording the communication references it, and a case
// action holding it FOR UPDATE must not make this pass wait while it holds approval rows. The approval is
// taken FOR NO KEY UPDATE (its key never changes): that still excludes another pass and the approval
// actions, but not the key-share lock of a communication being recorded about it (the request e-mail),
// which FOR UPDATE would make this pass skip.
const findDue = (tx: Tx, now: Date): Promise<DueApproval[]> =>
  selectRows<DueApproval>(
    tx,
    sql`SELECT a.uid, a.case_uid, t.name AS type_name,
          (extract(epoch FROM a.approval_due_at) * 1000)::float8 AS approval_due_ms,
          a.reminder_interval_seconds,
          (extract(epoch FROM a.next_reminder_due) * 1000)::float8 AS next_reminder_due_ms,
          a.reminders_sent
        FROM approvals a
        JOIN approval_types t ON t.code = a.approval_type
        JOIN cases c ON c.uid = a.case_uid
        WHERE a.next_reminder_due <= ${now.toISOString()}::timestamptz
          AND a.send_reminders
          AND a.approved_at IS NULL AND a.cancelled_at IS NULL AND a.changes_requested_at IS NULL
          AND a.reminders_sent < ${maxReminders}
        ORDER BY a.next_reminder_due, a.uid
        LIMIT ${batchSize}
        FOR NO KEY UPDATE OF a SKIP LOCKED
        FOR KEY SHARE OF c SKIP LOCKED`,
  );

/** Moves each claimed approval's count and next reminder on, in one statement. */
const advanceReminders = async (tx: Tx, due: readonly DueApproval[], now: Date): Promise<void> => {
  const rows = due.map((approval) => {
    const sent = approval.reminders_sent + 1;
    const next = nextReminderDue(approval, now, sent);
    return sql`(${approval.uid}::uuid, ${sent}::int, ${next?.toISOString() ?? null}::timestamptz)`;
  });
  await tx.execute(
    sql`UPDATE approvals AS a SET reminders_sent = v.sent, next_reminder_due = v.next
        FROM (VALUES ${sql.join(rows, sql`, `)}) AS v(uid, sent, next)
        WHERE a.uid = v.uid`,
  );
  // No audit row marks them: open pages of the cases' collections show the count and the next reminder.
  await publishCasesChanged(
    tx,
    due.map((approval) => approval.case_uid),
  );
};

// A fixed number of statements per batch, whatever its size: the due rows, their update, their cases'
// mail contexts and their communications.
const claimDueReminders = (db: Db, mailer: Mailer, now: Date) =>
  inTransaction(db, async (tx) => {
    const due = await findDue(tx, now);
    if (due.length === 0) return { claimed: [], full: false };
    await advanceReminders(tx, due, now);
    const caseMails = await loadCaseMails(
      tx,
      mailer,
      due.map((approval) => approval.case_uid),
    );
    const mails = due.flatMap((approval) => {
      const caseMail = caseMails.get(approval.case_uid);
      if (!caseMail) return [];
      const content = approvalReminderEmail(caseMail.context, {
        typeName: approval.type_name,
        dueAt: new Date(Number(approval.approval_due_ms)),
        now,
      });
      const subject = {
        ...caseMail.subject,
        communication_type: communicationTypes.approvalReminder,
        approval_uid: approval.uid,
      };
      return [{ subject, content }];
    });
    const communications = await recordCommunications(tx, mails, now);
    const claimed: ClaimedReminder[] = mails.map((mail, index) => {
      const communication = communications[index];
      if (!communication) throw new Error('reminder communication missing');
      return { communication, content: mail.content };
    });
    return { claimed, full: due.length === batchSize };
  });

/** One reminder pass at `now`: what it sent and what failed (no address, or refused by the SMTP server). */
export const sendDueReminders = async (
  db: Db,
  mailer: Mailer,
  now: Date,
): Promise<{ sent: number; failed: number }> => {
  const outcome = { sent: 0, failed: 0 };
  for (;;) {
    const { claimed, full } = await claimDueReminders(db, mailer, now);
    for (const { communication, content } of claimed) {
      const result = await deliverCommunication(db, mailer, communication, content);
      outcome[result.sent ? 'sent' : 'failed'] += 1;
    }
    // A full batch may have left more due approvals behind; the claimed ones are no longer due.
    if (!full) return outcome;
  }
};
