import { and, isNotNull, isNull, lt, or, gt, not, sql, type SQL } from 'drizzle-orm';
import { integrated_outsource_requests as requests } from '../../../db/schema/index';

// Where an integrated request stands, read from its stamps, in TypeScript and as the same SQL. A request
// is first sent (sent_at), then completed (completed_at); a redo stamps redo_requested_at, is sent
// (redo_sent_at) and completes again (completed_at moves past redo_requested_at).

export type RequestStamps = {
  sent_at: Date | null;
  completed_at: Date | null;
  redo_requested_at: Date | null;
  redo_sent_at: Date | null;
  partner_reference: string | null;
};

/** A redo was asked for and not yet taken by the partner. */
export const isRedoSendPending = (r: RequestStamps): boolean =>
  r.redo_requested_at !== null && (r.redo_sent_at === null || r.redo_sent_at < r.redo_requested_at);

/** The partner finished the latest round (the first design, or the latest redo). */
export const isRoundComplete = (r: RequestStamps): boolean =>
  r.completed_at !== null && (r.redo_requested_at === null || r.completed_at > r.redo_requested_at);

/** Sent, and the partner's results for the latest round are still to come. */
export const isAwaitingResults = (r: RequestStamps): boolean =>
  r.sent_at !== null && r.partner_reference !== null && !isRoundComplete(r) && !isRedoSendPending(r);

/** What the next send is: the order itself, a redo of it, or nothing. */
export const pendingSendOf = (r: RequestStamps): 'order' | 'redo' | null => {
  if (r.sent_at === null || r.partner_reference === null) return 'order';
  return isRedoSendPending(r) ? 'redo' : null;
};

const redoSendPendingSql: SQL = and(
  isNotNull(requests.redo_requested_at),
  or(isNull(requests.redo_sent_at), lt(requests.redo_sent_at, requests.redo_requested_at)),
) as SQL;

const roundCompleteSql: SQL = and(
  isNotNull(requests.completed_at),
  or(isNull(requests.redo_requested_at), gt(requests.completed_at, requests.redo_requested_at)),
) as SQL;

export const awaitingResultsSql: SQL = and(
  isNotNull(requests.sent_at),
  isNotNull(requests.partner_reference),
  not(roundCompleteSql),
  not(redoSendPendingSql),
) as SQL;

/** The later of the last change and the last poll: the request was heard of then. */
export const lastHeardOfSql: SQL<Date> = sql<Date>`greatest(${requests.modified_at}, ${requests.polled_at})`;
