import { sendDueReminders } from './approval-reminders';
import { sendApprovalRequestEmail } from './approval-request-email';
import { sendCaseReceivedEmail } from './case-received-email';
import { sendInformationRequestEmail } from './information-request-email';
import { defineJob, type AnyJobDefinition } from './job-definition';
import { jobNames } from './job-names';
import { sendRecallNoticeEmail } from './recall-notice-email';

// The client e-mails: the approval request, the reminder pass, the case-received notice and the Check-in
// desk's request for missing information. Mails retry
// with backoff when the SMTP server refuses them (1, 2, 4, … minutes); a reminder pass is not retried:
// the next one comes a minute later, and at most one waits behind a running one.

export const reminderSchedule = '* * * * *';

export const mailJobs: AnyJobDefinition[] = [
  defineJob({
    name: jobNames.approvalRequestEmail,
    settings: { policy: 'standard', retryLimit: 5, expireInSeconds: 300 },
    handle: (data, { db, mailer }) => sendApprovalRequestEmail(db, mailer, data.approval_uid),
  }),
  defineJob({
    name: jobNames.caseReceivedEmail,
    settings: { policy: 'standard', retryLimit: 5, expireInSeconds: 300 },
    handle: (data, { db, mailer }) => sendCaseReceivedEmail(db, mailer, data.case_uid),
  }),
  defineJob({
    name: jobNames.informationRequestEmail,
    settings: { policy: 'standard', retryLimit: 5, expireInSeconds: 300 },
    handle: (data, { db, mailer }) => sendInformationRequestEmail(db, mailer, data.message_uid),
  }),
  defineJob({
    name: jobNames.recallNoticeEmail,
    settings: { policy: 'standard', retryLimit: 5, expireInSeconds: 300 },
    handle: (data, { db, mailer }) => sendRecallNoticeEmail(db, mailer, data.message_uid),
  }),
  defineJob({
    name: jobNames.approvalReminders,
    settings: { policy: 'stately', retryLimit: 0, expireInSeconds: 900 },
    handle: async (_data, { db, mailer, now }) => {
      await sendDueReminders(db, mailer, now());
    },
    schedule: reminderSchedule,
  }),
];
