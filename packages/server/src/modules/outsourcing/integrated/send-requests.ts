import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import { maxIntegratedTries, partnerCodesFor, type IntegratedPayload } from '@lab/domain';
import { EvidentError, type EvidentUpload } from '../../../adapters/evident/client';
import type { EvidentSetup } from '../../../adapters/evident/evident-setup';
import type { EvidentAccepted, EvidentOrder } from '../../../adapters/evident/protocol';
import { inTransaction, type Db } from '../../../db/client';
import {
  cases,
  files,
  integrated_outsource_requests as requests,
  outsources,
} from '../../../db/schema/index';
import type { JobLog } from '../../../jobs/job-definition';
import { publishCollectionChanged } from '../../../realtime/events';
import type { FileStorage } from '../../../storage/file-storage';
import { pendingSendOf } from './request-phase';
import { retryDelayMs } from './retry-delay';

// The integrated sender: every request whose next try is due (next_attempt_at ≤ now) goes to the partner,
// the order itself or its redo. A short transaction claims one due row (FOR UPDATE SKIP LOCKED) and
// moves its next_attempt_at past the longest a call may take, a lease: no other process or pass claims
// it meanwhile, and no transaction stays open while the partner is called. The outcome is written only while
// that lease is still in place. A failed try counts in retry_count, keeps the partner's error, and is
// tried again after a growing pause, at most ten times in all (maxIntegratedTries). Each send carries an
// idempotency key, so a try whose answer was lost (a timeout after the partner took it) gets the same
// order back instead of a second one.

export type SenderContext = {
  db: Db;
  storage: FileStorage;
  log: JobLog;
  evident: EvidentSetup;
  now: () => Date;
};

/** Margin past the call's own timeout before a claim lapses (a process that died mid-call). */
const leaseMarginMs = 60_000;

const loadClaimed = (db: Db, id: number) =>
  db
    .select({
      request: requests,
      outsource: { uid: outsources.uid, end: outsources.end, note: outsources.note },
      caseRef: { case_mkey: cases.case_mkey, collection_uid: cases.collection_uid },
      file: { storage_key: files.storage_key, filename: files.filename, content_type: files.content_type },
    })
    .from(requests)
    .innerJoin(outsources, eq(outsources.id, requests.outsource_id))
    .innerJoin(cases, eq(cases.uid, outsources.case_uid))
    .leftJoin(files, eq(files.id, requests.file_id))
    .where(eq(requests.id, id))
    .limit(1);

type Claimed = Awaited<ReturnType<typeof loadClaimed>>[number];

/** Claims the next due request (or `requestId` when it is due) with a fresh lease; null when none is due. */
const claimNext = async (
  context: SenderContext,
  requestId: number | undefined,
): Promise<{ lease: Date; claimed: Claimed } | null> => {
  const now = context.now();
  const lease = new Date(now.getTime() + context.evident.client.timeoutMs + leaseMarginMs);
  const id = await inTransaction(context.db, async (tx) => {
    const [due] = await tx
      .select({ id: requests.id })
      .from(requests)
      .where(
        and(
          isNotNull(requests.next_attempt_at),
          lte(requests.next_attempt_at, now),
          eq(requests.adapter_type, 'EVIDENT'),
          requestId === undefined ? undefined : eq(requests.id, requestId),
        ),
      )
      .orderBy(asc(requests.next_attempt_at))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return null;
    await tx.update(requests).set({ next_attempt_at: lease }).where(eq(requests.id, due.id));
    return due.id;
  });
  if (id === null) return null;
  const [claimed] = await loadClaimed(context.db, id);
  return claimed ? { lease, claimed } : null;
};

const orderOf = (claimed: Claimed): EvidentOrder => {
  const payload = claimed.request.payload as IntegratedPayload;
  const designTypes = payload.DesignType ?? [];
  return {
    client_reference: String(claimed.request.id),
    design_types: designTypes,
    design_codes: partnerCodesFor(designTypes),
    scanner: payload.ScannerType ?? '',
    instruction: payload.Instruction ?? '',
    units: payload.Units ?? null,
    position: payload.Position ?? '',
    rush: payload.Rush ?? false,
    // The partner's people name our case by this; the case key when staff gave none.
    ref_id: payload.RefId?.trim() || claimed.caseRef.case_mkey,
    note: claimed.outsource.note,
  };
};

const scanOf = (claimed: Claimed, storage: FileStorage): EvidentUpload => {
  const { file } = claimed;
  if (!file) {
    throw new EvidentError({
      kind: 'file',
      message: 'The file to send no longer exists',
      detail: `request ${claimed.request.id}: its file was removed`,
      isRetryable: false,
    });
  }
  return {
    name: file.filename,
    contentType: file.content_type ?? 'application/octet-stream',
    open: () => storage.open(file.storage_key),
  };
};

/** One try: the order, or the redo of an order the partner holds. */
const sendOne = async (
  claimed: Claimed,
  kind: 'order' | 'redo',
  context: SenderContext,
): Promise<EvidentAccepted> => {
  const { client } = context.evident;
  const { request } = claimed;
  if (kind === 'order') {
    return client.createOrder(
      orderOf(claimed),
      scanOf(claimed, context.storage),
      `lab-request-${request.id}`,
    );
  }
  const notes = (request.redo_payload as { Notes?: string } | null)?.Notes ?? '';
  const askedAt = request.redo_requested_at?.getTime() ?? 0;
  return client.requestRedo(request.partner_reference ?? '', notes, `lab-redo-${request.id}-${askedAt}`);
};

type Outcome =
  | { kind: 'sent'; phase: 'order' | 'redo'; answer: EvidentAccepted }
  | { kind: 'failed'; error: EvidentError }
  | { kind: 'nothing' };

/** Writes the try's outcome while the claim is still ours; answers false when it was not any more. */
const recordOutcome = async (
  context: SenderContext,
  claimed: Claimed,
  lease: Date,
  outcome: Outcome,
): Promise<boolean> => {
  const now = context.now();
  const { request } = claimed;
  let set: Partial<typeof requests.$inferInsert>;
  if (outcome.kind === 'nothing') {
    set = { next_attempt_at: null };
  } else if (outcome.kind === 'sent') {
    set = {
      ...(outcome.phase === 'order'
        ? { sent_at: now, partner_reference: outcome.answer.reference }
        : { redo_sent_at: now }),
      response_status: outcome.answer.status,
      error: null,
      error_detail: null,
      next_attempt_at: null,
      modified_at: now,
    };
  } else {
    const failures = request.retry_count + 1;
    const isFinal = failures >= maxIntegratedTries || !outcome.error.isRetryable;
    set = {
      retry_count: failures,
      error: outcome.error.message,
      error_detail: outcome.error.detail,
      next_attempt_at: isFinal
        ? null
        : new Date(now.getTime() + retryDelayMs(failures, context.evident.retryBaseSeconds)),
      modified_at: now,
    };
  }
  return inTransaction(context.db, async (tx) => {
    const updated = await tx
      .update(requests)
      .set(set)
      .where(and(eq(requests.id, request.id), eq(requests.next_attempt_at, lease)))
      .returning({ id: requests.id });
    if (updated.length === 0) return false;
    if (outcome.kind === 'sent') {
      await tx
        .update(outsources)
        .set({ partner_status: outcome.answer.status })
        .where(eq(outsources.uid, claimed.outsource.uid));
    }
    // The Outsourcing tab shows the new state at once.
    if (outcome.kind !== 'nothing') await publishCollectionChanged(tx, claimed.caseRef.collection_uid);
    return true;
  });
};

const tryClaimed = async (context: SenderContext, claimed: Claimed): Promise<Outcome> => {
  const phase = pendingSendOf(claimed.request);
  // Ended by staff before it went, or already sent by another pass: nothing to send.
  if (claimed.outsource.end !== null || phase === null) return { kind: 'nothing' };
  try {
    return { kind: 'sent', phase, answer: await sendOne(claimed, phase, context) };
  } catch (error) {
    if (error instanceof EvidentError) return { kind: 'failed', error };
    context.log.error({ err: error, request_id: claimed.request.id }, 'integrated send failed unexpectedly');
    const message = error instanceof Error ? error.message : String(error);
    return {
      kind: 'failed',
      error: new EvidentError({
        kind: 'protocol',
        message: 'The request could not be sent',
        detail: message,
      }),
    };
  }
};

/**
 * Sends the due requests (only `requestId` when given), at most `limit` of them, one after another (a
 * pass is a background job, and the partner is one service); answers how many were tried.
 */
export const sendDueRequests = async (
  context: SenderContext,
  options: { requestId?: number; limit?: number } = {},
): Promise<number> => {
  const limit = options.requestId === undefined ? (options.limit ?? 20) : 1;
  let tried = 0;
  while (tried < limit) {
    const next = await claimNext(context, options.requestId);
    if (!next) break;
    tried += 1;
    const outcome = await tryClaimed(context, next.claimed);
    const isRecorded = await recordOutcome(context, next.claimed, next.lease, outcome);
    if (!isRecorded) {
      context.log.error(
        { request_id: next.claimed.request.id },
        'integrated send outlived its claim; outcome dropped',
      );
    }
  }
  return tried;
};
