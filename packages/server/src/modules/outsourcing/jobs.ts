import { defineJob, type AnyJobDefinition } from '../../jobs/job-definition';
import { jobNames } from '../../jobs/job-names';
import { copyOutsourceFiles } from './outsource-file-copy';
import { sendOutsourceReminders } from './outsource-reminders';
import { sendOutsourceRequestEmail } from './outsource-request-email';

// The outsourcing module's background jobs: the partner's e-mail, the due-soon/overdue pass and the
// Auto Upload copies. (The integrated partner's sends are in integrated/.)

export const outsourcingJobs: AnyJobDefinition[] = [
  defineJob({
    name: jobNames.outsourceRequestEmail,
    settings: { policy: 'standard', retryLimit: 5, expireInSeconds: 300 },
    handle: (data, { db, mailer }) => sendOutsourceRequestEmail(db, mailer, data.outsource_uid),
  }),
  defineJob({
    name: jobNames.outsourceReminders,
    settings: { policy: 'stately', retryLimit: 0, expireInSeconds: 900 },
    handle: async (_data, { db, now }) => {
      await sendOutsourceReminders(db, now());
    },
    schedule: '* * * * *',
  }),
  defineJob({
    name: jobNames.outsourceFileCopy,
    settings: { policy: 'standard', retryLimit: 3, expireInSeconds: 900, retryDelay: 30 },
    handle: async (data, context) => {
      await copyOutsourceFiles(data, context);
    },
  }),
];
