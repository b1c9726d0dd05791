import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { communications } from '../db/schema/index';
import { publishCollectionChanged } from '../realtime/events';
import type { Mailer } from './mailer';
import { addTracking, newTrackingKey } from './tracking';

// Every e-mail we send is a communications row (the communications log reads them): recorded as queued
// before sending, then sent (with the SMTP server's message id) or failed (with the reason). A mail
// that cannot go anywhere is recorded too, as failed, so staff see why the client heard nothing.

export const communicationTypes = {
  approvalRequest: 'APPROVAL_REQUEST',
  approvalReminder: 'APPROVAL_REMINDER',
  caseReceived: 'CASE_RECEIVED',
  // The demo's historical dispatch mails carry this type too, so the log shows one kind.
  dispatchConfirmation: 'DISPATCH_CONFIRMATION',
  outsourceRequest: 'OUTSOURCE_REQUEST',
  // The Check-in desk asks the clinic for what an order lacks (a scan, a shade, the implant system).
  informationRequest: 'INFORMATION_REQUEST',
  // Gauge MRP's recall: a manufacturer's safety notice concerns the patient's work.
  recallNotice: 'RECALL_NOTICE',
} as const;
export type CommunicationType = (typeof communicationTypes)[keyof typeof communicationTypes];

export const noEmailAddress = 'No e-mail address';

export type EmailContent = { subject: string; html: string; text: string };

export type CommunicationSubject = {
  communication_type: CommunicationType;
  /** The address the mail goes to; null or blank when the client has none. */
  email: string | null;
  client_uid: string | null;
  case_collection_uid: string | null;
  case_uid: string | null;
  approval_uid?: string | null;
  outsource_uid?: string | null;
};

export type QueuedCommunication = {
  id: number;
  recipient: string;
  tracking_key: string | null;
  state: string;
};

const errorText = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500);

const returned = {
  id: communications.id,
  uid: communications.uid,
  recipient: communications.recipient,
  tracking_key: communications.tracking_key,
  state: communications.state,
};

const rowOf = (
  subject: CommunicationSubject,
  content: Pick<EmailContent, 'subject'>,
  now: Date,
  uid: string,
): typeof communications.$inferInsert => {
  const email = subject.email?.trim() ?? '';
  return {
    uid,
    communication_type: subject.communication_type,
    communication_provider: 'EMAIL',
    created_at: now,
    client_uid: subject.client_uid,
    case_collection_uid: subject.case_collection_uid,
    case_uid: subject.case_uid,
    approval_uid: subject.approval_uid ?? null,
    outsource_uid: subject.outsource_uid ?? null,
    recipient: email,
    subject: content.subject,
    ...(email === ''
      ? { state: 'failed', error: noEmailAddress }
      : { state: 'queued', tracking_key: newTrackingKey() }),
  };
};

/**
 * Records mails about to be sent, in one statement: each queued with a fresh tracking key, or failed when
 * there is no address. Answers them in the order given.
 */
export const recordCommunications = async (
  q: Queryable,
  mails: readonly { subject: CommunicationSubject; content: Pick<EmailContent, 'subject'> }[],
  now: Date = new Date(),
): Promise<QueuedCommunication[]> => {
  if (mails.length === 0) return [];
  const values = mails.map((mail) => rowOf(mail.subject, mail.content, now, randomUUID()));
  const rows = await q.insert(communications).values(values).returning(returned);
  // The collection's communication log (and its cases' approval mail times) show them.
  for (const uid of new Set(mails.map((mail) => mail.subject.case_collection_uid))) {
    if (uid) await publishCollectionChanged(q, uid);
  }
  const byUid = new Map(rows.map(({ uid, ...row }) => [uid, row]));
  return values.map((value) => {
    const row = byUid.get(value.uid ?? '');
    if (!row) throw new Error('communication insert returned nothing');
    return row;
  });
};

/** Records the mail about to be sent: queued with a fresh tracking key, or failed when there is no address. */
export const recordCommunication = async (
  q: Queryable,
  subject: CommunicationSubject,
  content: Pick<EmailContent, 'subject'>,
  now: Date = new Date(),
): Promise<QueuedCommunication> => {
  const [row] = await recordCommunications(q, [{ subject, content }], now);
  if (!row) throw new Error('communication insert returned nothing');
  return row;
};

/** The collection's communication log shows the outcome (sent with its message id, or why not). */
const publishOutcome = async (
  q: Queryable,
  rows: readonly { case_collection_uid: string | null }[],
): Promise<void> => {
  for (const row of rows)
    if (row.case_collection_uid) await publishCollectionChanged(q, row.case_collection_uid);
};

/**
 * Sends a recorded mail with our tracking and stores the outcome. Never throws for a refused mail: the
 * answer says whether it went, and the row says why not.
 */
export const deliverCommunication = async (
  q: Queryable,
  mailer: Mailer,
  communication: QueuedCommunication,
  content: EmailContent,
): Promise<{ sent: boolean; error: string | null }> => {
  if (communication.recipient === '' || !communication.tracking_key) {
    return { sent: false, error: noEmailAddress };
  }
  const html = addTracking(content.html, { publicUrl: mailer.publicUrl, key: communication.tracking_key });
  try {
    const { messageId } = await mailer.send({
      to: communication.recipient,
      subject: content.subject,
      html,
      text: content.text,
    });
    const sent = await q
      .update(communications)
      .set({
        state: 'sent',
        sent_at: new Date(),
        error: null,
        response: [{ email: communication.recipient, _id: messageId }],
      })
      .where(eq(communications.id, communication.id))
      .returning({ case_collection_uid: communications.case_collection_uid });
    await publishOutcome(q, sent);
    return { sent: true, error: null };
  } catch (error) {
    const text = errorText(error);
    const failed = await q
      .update(communications)
      .set({ state: 'failed', error: text })
      .where(eq(communications.id, communication.id))
      .returning({ case_collection_uid: communications.case_collection_uid });
    await publishOutcome(q, failed);
    return { sent: false, error: text };
  }
};
