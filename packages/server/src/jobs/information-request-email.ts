import { eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { communications, messages } from '../db/schema/index';
import { communicationTypes } from '../mail/communications';
import type { Mailer } from '../mail/mailer';
import { informationRequestEmail } from '../mail/templates/case-emails';
import { loadCaseMail } from './case-mail-context';
import { sendOnce } from './send-once';

// Job 'information-request-email': queued with the Check-in desk's request for what an order lacks. The
// shipping client gets the items and the note, with the link to answer in the case portal. The message
// keeps the items (its note's lines before the blank line), so the mail says what the portal says.

/** The request message's note: the items, one per line, then a blank line, then the desk's note. */
export const informationRequestNote = (items: readonly string[], note: string): string =>
  `${items.map((item) => `• ${item}`).join('\n')}\n\n${note}`;

const splitNote = (text: string): { items: string[]; note: string } => {
  const [list = '', ...rest] = text.split('\n\n');
  return { items: list.split('\n').map((line) => line.replace(/^• /, '')), note: rest.join('\n\n') };
};

export const sendInformationRequestEmail = async (
  db: Db,
  mailer: Mailer,
  messageUid: string,
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
    subject: { ...caseMail.subject, communication_type: communicationTypes.informationRequest },
    content: informationRequestEmail(caseMail.context, splitNote(message.note ?? '')),
    // This message's earlier try: a row of the case and kind written since the message.
    match: sql`${eq(communications.case_uid, message.case_uid)}
      AND ${eq(communications.communication_type, communicationTypes.informationRequest)}
      AND ${gte(communications.created_at, message.created_at)}`,
  });
};
