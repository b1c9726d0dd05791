import { and, desc, eq } from 'drizzle-orm';
import { evidentStatuses, type EvidentWebhookEvent } from '../../../adapters/evident/protocol';
import { inTransaction, type Db } from '../../../db/client';
import {
  cases,
  integrated_outsource_requests as requests,
  outsources,
  partner_webhook_events,
} from '../../../db/schema/index';
import { enqueueJob } from '../../../jobs/enqueue-job';
import { jobNames } from '../../../jobs/job-names';
import { recordPartnerStatus } from './collect-results';
import { isAwaitingResults } from './request-phase';

// A signed status event of the partner (the route checked the signature and its age). Each event id is
// handled once: a replay (the partner retrying, or a captured call sent again within the 5 minutes) is
// remembered in partner_webhook_events and changes nothing. A COMPLETED event queues the collect job, so
// the partner's call is answered at once whatever the size of the files.

export type WebhookOutcome = 'accepted' | 'replayed' | 'ignored';

export const handleWebhookEvent = (db: Db, event: EvidentWebhookEvent, now: Date): Promise<WebhookOutcome> =>
  inTransaction(db, async (tx) => {
    const [isNew] = await tx
      .insert(partner_webhook_events)
      .values({ adapter_type: 'EVIDENT', event_id: event.event_id, received_at: now })
      .onConflictDoNothing()
      .returning({ event_id: partner_webhook_events.event_id });
    if (!isNew) return 'replayed';
    const [target] = await tx
      .select({ requestId: requests.id, jobId: outsources.id, collectionUid: cases.collection_uid })
      .from(requests)
      .innerJoin(outsources, eq(outsources.id, requests.outsource_id))
      .innerJoin(cases, eq(cases.uid, outsources.case_uid))
      .where(and(eq(requests.adapter_type, 'EVIDENT'), eq(requests.partner_reference, event.reference)))
      .orderBy(desc(requests.id))
      .limit(1);
    // An order we never recorded (its send's answer was lost): polling cannot find it either, and the
    // retried send gets the same reference back (idempotency key), after which events match.
    if (!target) return 'ignored';
    // The job before the request, as every write of a job locks them.
    await tx
      .select({ id: outsources.id })
      .from(outsources)
      .where(eq(outsources.id, target.jobId))
      .for('update');
    const [request] = await tx.select().from(requests).where(eq(requests.id, target.requestId)).for('update');
    // A late event of a round already delivered, or of the round before a redo not yet sent.
    if (!request || !isAwaitingResults(request)) return 'ignored';
    if (event.status !== request.response_status) await recordPartnerStatus(tx, target, event.status, now);
    if (event.status === evidentStatuses.completed) {
      await enqueueJob(tx, jobNames.evidentCollect, { request_id: request.id });
    }
    return 'accepted';
  });
