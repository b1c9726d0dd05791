import { eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { communications, messages } from '../db/schema/index';
import type { CommunicationType, EmailContent } from '../mail/communications';
import type { Mailer } from '../mail/mailer';
import type { CaseMailContext } from '../mail/templates/case-emails';
import { loadCaseMail } from './case-mail-context';
import { sendOnce } from './send-once';

/**
 * E-mails the shipping client a CLIENTS message of a case (Check-in's information request, a recall
 * notice), rendered from the message's note, once: a retry finds the row of the case and kind written
 * since the message and sends nothing twice.
 */
export const sendClientMessageEmail = async (
  db: Db,
  mailer: Mailer,
  messageUid: string,
  mail: { type: CommunicationType; render: (context: CaseMailContext, note: string) => EmailContent },
): Promise<void> => {
  const [message] = await db
    .select({ case_uid: messages.case_uid, note: messages.note, created_at: messages.created_at })
    .from(messages)
    .where(eq(messages.uid, messageUid))
    .limit(1);
  if (!message?.case_uid) return;
  const caseMail = await loadCaseMail(db, mailer, message.case_uid);
  if (!caseMail) return;
  await sendOnce(db, mailer, {
    subject: { ...caseMail.subject, communication_type: mail.type },
    content: mail.render(caseMail.context, message.note ?? ''),
    match: sql`${eq(communications.case_uid, message.case_uid)}
      AND ${eq(communications.communication_type, mail.type)}
      AND ${gte(communications.created_at, message.created_at)}`,
  });
};
