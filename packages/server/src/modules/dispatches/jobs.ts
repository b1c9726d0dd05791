import { defineJob, type AnyJobDefinition } from '../../jobs/job-definition';
import { jobNames } from '../../jobs/job-names';
import { sendDispatchEmail } from './dispatch-email';

// The dispatches module's background job: the client's e-mail with the tracking details, retried with
// backoff (1, 2, 4, … minutes) while the SMTP server refuses it.

export const dispatchJobs: AnyJobDefinition[] = [
  defineJob({
    name: jobNames.dispatchEmail,
    settings: { policy: 'standard', retryLimit: 5, expireInSeconds: 300 },
    handle: (data, { db, mailer }) => sendDispatchEmail(db, mailer, data.dispatch_uid),
  }),
];
