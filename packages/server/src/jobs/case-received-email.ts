import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cases, communications } from '../db/schema/index';
import { communicationTypes } from '../mail/communications';
import type { Mailer } from '../mail/mailer';
import { caseReceivedEmail } from '../mail/templates/case-emails';
import { loadCaseMail } from './case-mail-context';
import { sendOnce } from './send-once';

// Job 'case-received-email': queued by the case's `received` action when staff ask for the mail
// (send_email). A case is received once, so it gets at most one such mail.

export const sendCaseReceivedEmail = async (db: Db, mailer: Mailer, caseUid: string): Promise<void> => {
  const [found] = await db
    .select({ date_received: cases.date_received })
    .from(cases)
    .where(eq(cases.uid, caseUid))
    .limit(1);
  if (!found?.date_received) return;
  const caseMail = await loadCaseMail(db, mailer, caseUid);
  if (!caseMail) return;
  await sendOnce(db, mailer, {
    subject: { ...caseMail.subject, communication_type: communicationTypes.caseReceived },
    content: caseReceivedEmail(caseMail.context, { at: found.date_received }),
    match: eq(communications.case_uid, caseUid),
  });
};
