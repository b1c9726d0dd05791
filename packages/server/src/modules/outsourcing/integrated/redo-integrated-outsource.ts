import { desc, eq } from 'drizzle-orm';
import { AppError, canRequestIntegratedRedo, outsourceMessages, toIso } from '@lab/domain';
import { writeAuditEvent } from '../../../audit/write-audit-event';
import { integrated_outsource_requests, outsources, partners } from '../../../db/schema/index';
import { enqueueJob } from '../../../jobs/enqueue-job';
import { jobNames } from '../../../jobs/job-names';
import { answerCase, saveCaseChanges, type CaseActionHandler } from '../../cases/kernel';
import { writeOutsourceMessage } from '../outsource-message';
import { loadCaseJob } from '../outsource-records';

// redo_integrated_outsource: the partner is asked to rework a completed design (case-workspace §4
// 'Integrated request state': Redo once completed and no redo pending; the card then shows the Redo
// badge). The redo is a new send with its own ten tries, queued like the first one; the job goes back
// from Review to the partner until its new results arrive.

const redoNotAllowed = () => new AppError('conflict', { message: outsourceMessages.redoNotAllowed });

export const redoIntegratedOutsource: CaseActionHandler<'redo_integrated_outsource'> = async (tx, input) => {
  const { actionCase, actor, now, body } = input;
  const job = await loadCaseJob(tx, actionCase, body.outsource_id);
  if (job.end) throw new AppError('conflict', { message: outsourceMessages.alreadyEnded });
  const [request] = await tx
    .select()
    .from(integrated_outsource_requests)
    .where(eq(integrated_outsource_requests.outsource_id, job.id))
    .orderBy(desc(integrated_outsource_requests.id))
    .limit(1)
    .for('update');
  const isAllowed =
    request !== undefined &&
    canRequestIntegratedRedo({
      sent_at: toIso(request.sent_at),
      error: request.error,
      completed_at: toIso(request.completed_at),
      redo_requested_at: toIso(request.redo_requested_at),
      redo_sent_at: toIso(request.redo_sent_at),
    });
  if (!request || !isAllowed) throw redoNotAllowed();
  const [partner] = await tx
    .select({ name: partners.name })
    .from(partners)
    .where(eq(partners.id, job.partner_id))
    .limit(1);
  const partnerName = partner?.name ?? '';
  const notes = body.payload.Notes.trim();

  await tx
    .update(integrated_outsource_requests)
    .set({
      redo_requested_at: now,
      redo_payload: { Notes: notes },
      next_attempt_at: now,
      retry_count: 0,
      error: null,
      error_detail: null,
      modified_at: now,
    })
    .where(eq(integrated_outsource_requests.id, request.id));
  await tx
    .update(outsources)
    .set({ marked_as_completed: null, partner_status: null })
    .where(eq(outsources.id, job.id));

  await writeOutsourceMessage(tx, {
    job: { uid: job.uid, partnerName },
    collectionUid: actionCase.collection.uid,
    caseUid: actionCase.row.uid,
    author: actor,
    note: notes,
    now,
  });
  await writeAuditEvent(tx, {
    entity: 'outsource',
    entityId: job.uid,
    action: 'redo_requested',
    collectionUid: actionCase.collection.uid,
    caseUid: actionCase.row.uid,
    changes: { request_id: request.id, notes, note: body.note?.trim() || null },
    actor,
    at: now,
  });
  await saveCaseChanges(tx, {
    actionCase,
    actor,
    now,
    set: {},
    changes: { outsource: { old: `Completed by ${partnerName}`, new: `Redo requested from ${partnerName}` } },
  });
  await enqueueJob(tx, jobNames.evidentSend, { request_id: request.id });
  return answerCase(actionCase.row.uid);
};
