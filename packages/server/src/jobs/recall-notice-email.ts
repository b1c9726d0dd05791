import type { Db } from '../db/client';
import { communicationTypes } from '../mail/communications';
import type { Mailer } from '../mail/mailer';
import { recallNoticeEmail } from '../mail/templates/case-emails';
import { sendClientMessageEmail } from './client-message-email';

// Job 'recall-notice-email': queued with each message of a recall (Gauge MRP). The shipping client gets
// the message as the portal shows it, with the link to answer there; the communication log records it.

export const sendRecallNoticeEmail = (db: Db, mailer: Mailer, messageUid: string): Promise<void> =>
  sendClientMessageEmail(db, mailer, messageUid, {
    type: communicationTypes.recallNotice,
    render: recallNoticeEmail,
  });
