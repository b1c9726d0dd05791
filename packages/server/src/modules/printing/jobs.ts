import { defineJob } from '../../jobs/job-definition';
import { jobNames } from '../../jobs/job-names';
import { maxPrintTries, sendPrintJob } from './send-print-job';

// Printing's background job: send one print job to its printer (queued with the job in its transaction).
export const printingJobs = [
  defineJob({
    name: jobNames.printSend,
    // Tries 5 s, 10 s, 20 s, 40 s apart: a printer out of paper or asleep gets about a minute and a half.
    settings: { policy: 'standard', retryLimit: maxPrintTries - 1, retryDelay: 5, expireInSeconds: 120 },
    handle: (data, context) =>
      sendPrintJob(
        { db: context.db, storage: context.storage, printing: context.printing, now: context.now },
        data.print_job_id,
      ),
  }),
];
