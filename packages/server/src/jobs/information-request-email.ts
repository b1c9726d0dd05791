import type { Db } from '../db/client';
import { communicationTypes } from '../mail/communications';
import type { Mailer } from '../mail/mailer';
import { informationRequestEmail } from '../mail/templates/case-emails';
import { sendClientMessageEmail } from './client-message-email';

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

export const sendInformationRequestEmail = (db: Db, mailer: Mailer, messageUid: string): Promise<void> =>
  sendClientMessageEmail(db, mailer, messageUid, {
    type: communicationTypes.informationRequest,
    render: (context, note) => informationRequestEmail(context, splitNote(note)),
  });
