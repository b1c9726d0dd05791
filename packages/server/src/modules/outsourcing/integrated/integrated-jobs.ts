import { defineJob, type AnyJobDefinition, type JobContext } from '../../../jobs/job-definition';
import { jobNames } from '../../../jobs/job-names';
import { collectResults } from './collect-results';
import { pollPartnerStatuses } from './poll-requests';
import { sendDueRequests, type SenderContext } from './send-requests';

// The integrated partner's background jobs. Sends retry through the request's own next_attempt_at
// (backoff, ten tries), not pg-boss's retries: the request row is the one record of its tries, whichever
// job or process made them. A process without an EVIDENT client leaves them to one that has it.

const everyMinute = '* * * * *';

/** The job's context with the partner's client, or null when this process has none. */
const senderContextOf = (context: JobContext): SenderContext | null =>
  context.evident ? { ...context, evident: context.evident } : null;

const withSender =
  <Data>(work: (context: SenderContext, data: Data) => Promise<unknown>) =>
  async (data: Data, context: JobContext): Promise<void> => {
    const sender = senderContextOf(context);
    if (sender) await work(sender, data);
  };

export const integratedJobs: AnyJobDefinition[] = [
  // Queued with the request (and with a redo): sends it now instead of at the next pass.
  defineJob({
    name: jobNames.evidentSend,
    settings: { policy: 'standard', retryLimit: 0, expireInSeconds: 900 },
    handle: withSender((sender, data: { request_id: number }) =>
      sendDueRequests(sender, { requestId: data.request_id }),
    ),
  }),
  // The retries: every request whose next try is due.
  defineJob({
    name: jobNames.evidentSendDue,
    settings: { policy: 'stately', retryLimit: 0, expireInSeconds: 900 },
    handle: withSender((sender) => sendDueRequests(sender)),
    schedule: everyMinute,
  }),
  // A download may fail half-way: pg-boss tries again (collecting twice stores the files once).
  defineJob({
    name: jobNames.evidentCollect,
    settings: { policy: 'standard', retryLimit: 3, retryDelay: 30, expireInSeconds: 1800 },
    handle: withSender((sender, data: { request_id: number }) => collectResults(sender, data.request_id)),
  }),
  defineJob({
    name: jobNames.evidentPoll,
    settings: { policy: 'stately', retryLimit: 0, expireInSeconds: 900 },
    handle: withSender((sender) => pollPartnerStatuses(sender)),
    schedule: everyMinute,
  }),
];
