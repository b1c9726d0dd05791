import { eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { communications, messages } from '../db/schema/index';
import { communicationTypes } from '../mail/communications';
import type { Mailer } from '../mail/mailer';
import { recallNoticeEmail } from '../mail/templates/case-emails';
import { loadCaseMail } from './case-mail-context';
import { sendOnce } from './send-once';

// Job 'recall-notice-email': queued with each message of a recall (Gauge MRP). The shipping client gets
// the message as the portal shows it, with the link to answer there; the communication log records it.

export const sendRecallNoticeEmail = async (db: Db, mailer: Mailer, messageUid: string): Promise<void> => {
  const [message] = await db
    .select({ case_uid: messages.case_uid, note: messages.note, created_at: messages.created_at })
    .from(messages)
    .where(eq(messages.uid, messageUid))
    .limit(1);
  if (!message?.case_uid) return;
  const caseMail = await loadCaseMail(db, mailer, message.case_uid);
  if (!caseMail) return;
  await sendOnce(db, mailer, {
    subject: { ...caseMail.subject, communication_type: communicationTypes.recallNotice },
    content: recallNoticeEmail(caseMail.context, message.note ?? ''),
    // This message's earlier try: a row of the case and kind written since the message.
    match: sql`${eq(communications.case_uid, message.case_uid)}
      AND ${eq(communications.communication_type, communicationTypes.recallNotice)}
      AND ${gte(communications.created_at, message.created_at)}`,
  });
};
