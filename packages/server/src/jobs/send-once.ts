import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { communications } from '../db/schema/index';
import {
  deliverCommunication,
  noEmailAddress,
  recordCommunication,
  type CommunicationSubject,
  type EmailContent,
  type QueuedCommunication,
} from '../mail/communications';
import type { Mailer } from '../mail/mailer';
import { newTrackingKey } from '../mail/tracking';

// The one e-mail of its kind about a record (the approval request of an approval, the received notice of
// a case), sent by a job that pg-boss may run again after a failure. A retry reuses the row of the failed
// try, so the log shows one mail with its last outcome; once sent, running again sends nothing.

const earlierTry = async (db: Db, type: string, match: SQL): Promise<QueuedCommunication | null> => {
  const [row] = await db
    .select({
      id: communications.id,
      recipient: communications.recipient,
      tracking_key: communications.tracking_key,
      state: communications.state,
    })
    .from(communications)
    .where(and(eq(communications.communication_type, type), match))
    .orderBy(desc(communications.id))
    .limit(1);
  return row ?? null;
};

/** The failed try again, to the client's address as it is now (it may have been added since). */
const retry = async (db: Db, earlier: QueuedCommunication, email: string): Promise<QueuedCommunication> => {
  const [row] = await db
    .update(communications)
    .set(
      email === ''
        ? { recipient: '', state: 'failed', error: noEmailAddress }
        : {
            recipient: email,
            state: 'queued',
            error: null,
            tracking_key: earlier.tracking_key ?? newTrackingKey(),
          },
    )
    .where(eq(communications.id, earlier.id))
    .returning({
      id: communications.id,
      recipient: communications.recipient,
      tracking_key: communications.tracking_key,
      state: communications.state,
    });
  return row ?? earlier;
};

/**
 * Sends it unless it went already. Throws when the SMTP server refused it, so the job is retried; a client
 * without an e-mail address is a recorded failure, not an error (retrying cannot help).
 */
export const sendOnce = async (
  db: Db,
  mailer: Mailer,
  mail: { subject: CommunicationSubject; content: EmailContent; match: SQL },
): Promise<void> => {
  const earlier = await earlierTry(db, mail.subject.communication_type, mail.match);
  if (earlier?.state === 'sent') return;
  const email = mail.subject.email?.trim() ?? '';
  const communication = earlier
    ? await retry(db, earlier, email)
    : await recordCommunication(db, mail.subject, mail.content);
  if (communication.state === 'failed') return;
  const result = await deliverCommunication(db, mailer, communication, mail.content);
  if (!result.sent) throw new Error(`E-mail not sent: ${result.error ?? 'unknown error'}`);
};
