import { and, asc, eq, inArray, isNull, lt } from 'drizzle-orm';
import { EvidentError } from '../../../adapters/evident/client';
import { inTransaction } from '../../../db/client';
import {
  integrated_outsource_requests as requests,
  outsources,
  partner_webhook_events,
} from '../../../db/schema/index';
import { webhookToleranceSeconds } from '../../../adapters/evident/protocol';
import { collectResults } from './collect-results';
import { awaitingResultsSql, lastHeardOfSql } from './request-phase';
import type { SenderContext } from './send-requests';

// The polling fallback (domain-decisions 'Outsourcing': status by webhook or polling): a webhook can be
// lost (our server down, a network cut), so a pass each minute asks the partner about sent requests of
// open jobs that are still waiting for results and were not heard of for a while (no status change, no
// poll). Claiming stamps polled_at under SKIP LOCKED, so each request is asked about once per interval
// and several processes ask about different ones. The pass also forgets webhook event ids older than
// any signature still accepted.

/** A request is asked about after this long without news. */
export const pollQuietMinutes = 5;

export const pollPartnerStatuses = async (
  context: SenderContext,
  options: { quietMinutes?: number; limit?: number } = {},
): Promise<number> => {
  const now = context.now();
  const quietSince = new Date(now.getTime() - (options.quietMinutes ?? pollQuietMinutes) * 60_000);
  const ids = await inTransaction(context.db, async (tx) => {
    const rows = await tx
      .select({ id: requests.id })
      .from(requests)
      .innerJoin(outsources, eq(outsources.id, requests.outsource_id))
      .where(
        and(
          eq(requests.adapter_type, 'EVIDENT'),
          isNull(outsources.end),
          awaitingResultsSql,
          lt(lastHeardOfSql, quietSince),
        ),
      )
      .orderBy(asc(lastHeardOfSql))
      .limit(options.limit ?? 20)
      .for('update', { of: requests, skipLocked: true });
    const claimed = rows.map((r) => r.id);
    if (claimed.length > 0)
      await tx.update(requests).set({ polled_at: now }).where(inArray(requests.id, claimed));
    return claimed;
  });
  for (const id of ids) {
    try {
      await collectResults(context, id);
    } catch (error) {
      // The partner does not know the order (e.g. the demo's made-up references): nothing to learn.
      if (error instanceof EvidentError && error.status === 404) continue;
      context.log.error({ err: error, request_id: id }, 'polling the integrated partner failed');
    }
  }
  const forgetBefore = new Date(now.getTime() - 2 * webhookToleranceSeconds * 1000);
  await context.db.delete(partner_webhook_events).where(lt(partner_webhook_events.received_at, forgetBefore));
  return ids.length;
};
