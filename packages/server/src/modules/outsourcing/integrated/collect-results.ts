import { and, eq, isNull } from 'drizzle-orm';
import { isAppError, sanitizeFileName, uploadLimitBytes } from '@lab/domain';
import { EvidentError } from '../../../adapters/evident/client';
import { evidentStatuses, type EvidentOrderState } from '../../../adapters/evident/protocol';
import { writeAuditEvent } from '../../../audit/write-audit-event';
import type { PartnerActor } from '../../../auth/actor';
import { inTransaction, type Db, type Tx } from '../../../db/client';
import {
  cases,
  files,
  integrated_outsource_requests as requests,
  outsources,
  partners,
} from '../../../db/schema/index';
import { publishCollectionChanged } from '../../../realtime/events';
import { receiveUpload } from '../../../storage/receive-upload';
import { loadActionCase, saveCaseChanges } from '../../cases/kernel';
import { writeFileAudit } from '../../files/file-audit';
import { holdFileLock } from '../../files/file-lock';
import { forgetKeptFiles, insertFileRow, keepUpload, type KeptFile } from '../../files/store-file';
import { notifyCaseDepartment } from '../../notifications/notify-case-department';
import { writeOutsourceMessage } from '../outsource-message';
import { isAwaitingResults } from './request-phase';
import type { SenderContext } from './send-requests';

// The partner's results: asked for when its webhook says COMPLETED (through a job, so a slow download
// never holds the partner's call) or when polling finds it completed. The partner's API is asked again
// rather than the webhook believed: only a signed call starts this, but only our own authenticated call
// says which files to fetch. New files are downloaded and checked like any upload (type, size, content)
// before one transaction records them as outsource_received_files of the job with completed_at, the job
// in Review, a message from the partner, the audit rows and the department's notification. Running it
// twice (webhook and polling at once) stores the files once: the transaction re-checks under the locks.

const category = 'outsource_received_file';

const loadTarget = async (db: Db, requestId: number) => {
  const [target] = await db
    .select({
      request: requests,
      job: { id: outsources.id, uid: outsources.uid, end: outsources.end, partner_id: outsources.partner_id },
      partnerName: partners.name,
      caseRef: {
        case_id: cases.case_id,
        uid: cases.uid,
        case_mkey: cases.case_mkey,
        collection_uid: cases.collection_uid,
      },
    })
    .from(requests)
    .innerJoin(outsources, eq(outsources.id, requests.outsource_id))
    .innerJoin(partners, eq(partners.id, outsources.partner_id))
    .innerJoin(cases, eq(cases.uid, outsources.case_uid))
    .where(eq(requests.id, requestId))
    .limit(1);
  return target ?? null;
};
type Target = NonNullable<Awaited<ReturnType<typeof loadTarget>>>;

const partnerActorOf = (target: Target, context: SenderContext): PartnerActor => ({
  kind: 'partner',
  outsourceUid: target.job.uid,
  partnerName: target.partnerName,
  // Which API key fetched the results (the partner has no share key here).
  keyFingerprint: context.evident.client.keyFingerprint,
});

/** Keeps the partner's status (RECEIVED, IN_PROGRESS, …) on the request and the job; the tab shows it. */
export const recordPartnerStatus = async (
  tx: Tx,
  target: { requestId: number; jobId: number; collectionUid: string },
  status: string,
  now: Date,
): Promise<void> => {
  // The job before the request: the order every write of a job takes its locks in. COMPLETED reaches the
  // job with its results (storeResults, which also puts it in Review): until they land it stays as it was,
  // not Not Started.
  if (status !== evidentStatuses.completed) {
    await tx.update(outsources).set({ partner_status: status }).where(eq(outsources.id, target.jobId));
  }
  await tx
    .update(requests)
    .set({ response_status: status, modified_at: now })
    .where(eq(requests.id, target.requestId));
  await publishCollectionChanged(tx, target.collectionUid);
};

/** Downloads and checks the files of the completed round that are not stored yet. */
const keepNewFiles = async (
  context: SenderContext,
  target: Target,
  state: EvidentOrderState,
): Promise<{ kept: KeptFile[]; refused: string[] }> => {
  const stored = await context.db
    .select({ filename: files.filename })
    .from(files)
    .where(
      and(
        eq(files.outsource_uid, target.job.uid),
        eq(files.file_category, category),
        isNull(files.deleted_at),
      ),
    );
  const storedNames = new Set(stored.map((f) => f.filename));
  const kept: KeptFile[] = [];
  const refused: string[] = [];
  try {
    for (const file of state.files) {
      if (storedNames.has(sanitizeFileName(file.name))) continue;
      const source = await context.evident.client.downloadFile(state.reference, file.name);
      const received = await receiveUpload(source, { name: file.name, maxBytes: uploadLimitBytes[category] });
      try {
        if (received.sha256 !== file.sha256.toLowerCase()) {
          throw new EvidentError({
            kind: 'protocol',
            message: 'A result file arrived damaged',
            detail: `${file.name}: sha256 ${received.sha256}, the partner listed ${file.sha256}`,
          });
        }
        kept.push(await keepUpload(context.storage, { received, rawName: file.name }));
      } catch (error) {
        // A file our checks refuse stays refused on any retry: the rest are still delivered.
        if (!isAppError(error)) throw error;
        refused.push(`${sanitizeFileName(file.name)} (${error.message})`);
      } finally {
        await received.discard();
      }
    }
  } catch (error) {
    await forgetKeptFiles(context.storage, kept);
    throw error;
  }
  return { kept, refused };
};

const storeResults = async (
  tx: Tx,
  context: SenderContext,
  target: Target,
  delivered: { kept: KeptFile[]; refused: string[]; round: number },
): Promise<boolean> => {
  const now = context.now();
  // Locks in the case actions' order: collection, case, job, request.
  const actionCase = await loadActionCase(tx, target.caseRef.case_id);
  const [job] = await tx.select().from(outsources).where(eq(outsources.id, target.job.id)).for('update');
  const [request] = await tx.select().from(requests).where(eq(requests.id, target.request.id)).for('update');
  if (!job || !request || !isAwaitingResults(request)) return false;
  const partner = partnerActorOf(target, context);
  const owner = { case_uid: actionCase.row.uid, collection_uid: actionCase.collection.uid };
  for (const file of delivered.kept) {
    const row = await insertFileRow(tx, file, {
      category,
      ...owner,
      uploaded_by_id: null,
      uploaded_by_reference: target.partnerName,
      partner_id: job.partner_id,
      outsource_uid: job.uid,
    });
    await writeFileAudit(tx, {
      fileUid: row.uid,
      action: 'uploaded',
      actor: partner,
      caseUid: owner.case_uid,
      collectionUid: owner.collection_uid,
      changes: {
        filename: row.filename,
        file_category: category,
        size_bytes: file.size_bytes,
        outsource_uid: job.uid,
      },
      now,
    });
  }
  await tx
    .update(outsources)
    .set({ partner_status: evidentStatuses.completed, marked_as_completed: job.marked_as_completed ?? now })
    .where(eq(outsources.id, job.id));
  await tx
    .update(requests)
    .set({ completed_at: now, response_status: evidentStatuses.completed, modified_at: now })
    .where(eq(requests.id, request.id));

  const names = delivered.kept.map((f) => f.filename).join(', ');
  const what = delivered.round === 0 ? 'the design' : `redo ${delivered.round}`;
  const note =
    `${target.partnerName} completed ${what} for ${target.caseRef.case_mkey}` +
    (names ? `: ${names}` : '') +
    (delivered.refused.length > 0 ? `. Refused: ${delivered.refused.join('; ')}` : '');
  const messageUid = await writeOutsourceMessage(tx, {
    job: { uid: job.uid, partnerName: target.partnerName },
    collectionUid: owner.collection_uid,
    caseUid: owner.case_uid,
    author: partner,
    note,
    now,
  });
  await writeAuditEvent(tx, {
    entity: 'outsource',
    entityId: job.uid,
    action: 'results_received',
    collectionUid: owner.collection_uid,
    caseUid: owner.case_uid,
    changes: { request_id: request.id, round: delivered.round, files: names, refused: delivered.refused },
    actor: partner,
    at: now,
  });
  // Bumps the case and the collection and publishes the collection-changed event with the case audit row.
  await saveCaseChanges(tx, {
    actionCase,
    actor: partner,
    now,
    set: {},
    changes: names ? { [`${category}s`]: { old: null, new: names } } : {},
  });
  await notifyCaseDepartment(tx, {
    caseUid: actionCase.row.uid,
    collectionUid: actionCase.collection.uid,
    department: actionCase.row.department,
    branchId: actionCase.collection.fulfillment_branch_id,
    note,
    authorReference: target.partnerName,
    messageUid,
    informational: true,
  });
  return true;
};

export type CollectOutcome = 'collected' | 'waiting' | 'nothing';

/** Fetches and records the results of a request whose partner may be done; see the top of the file. */
export const collectResults = async (context: SenderContext, requestId: number): Promise<CollectOutcome> => {
  const target = await loadTarget(context.db, requestId);
  if (!target || !isAwaitingResults(target.request)) return 'nothing';
  const state = await context.evident.client.fetchOrder(target.request.partner_reference ?? '');
  if (state.status !== evidentStatuses.completed) {
    if (state.status !== target.request.response_status) {
      await inTransaction(context.db, (tx) =>
        recordPartnerStatus(
          tx,
          {
            requestId: target.request.id,
            jobId: target.job.id,
            collectionUid: target.caseRef.collection_uid,
          },
          state.status,
          context.now(),
        ),
      );
    }
    return 'waiting';
  }
  // Staff see the file-lock bar while the partner's files are downloaded and stored.
  return holdFileLock(context.db, target.caseRef.collection_uid, async () => {
    const { kept, refused } = await keepNewFiles(context, target, state);
    let isStored = false;
    try {
      isStored = await inTransaction(context.db, (tx) =>
        storeResults(tx, context, target, { kept, refused, round: state.round }),
      );
    } finally {
      // Bytes no committed row points at (the transaction failed, or another run stored them first).
      if (!isStored) await forgetKeptFiles(context.storage, kept);
    }
    return isStored ? 'collected' : 'nothing';
  });
};
