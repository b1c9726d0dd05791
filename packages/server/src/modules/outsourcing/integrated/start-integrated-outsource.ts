import { and, eq, inArray, isNull } from 'drizzle-orm';
import { AppError, outsourceMessages } from '@lab/domain';
import { writeAuditEvent } from '../../../audit/write-audit-event';
import type { Tx } from '../../../db/client';
import { files, integrated_outsource_requests, outsources } from '../../../db/schema/index';
import { enqueueJob } from '../../../jobs/enqueue-job';
import { jobNames } from '../../../jobs/job-names';
import { answerCase, saveCaseChanges, type CaseActionHandler } from '../../cases/kernel';
import { planMoveToDesignOutsourced } from '../move-to-design';
import { writeOutsourceMessage } from '../outsource-message';
import { loadCaseJob, loadPartner } from '../outsource-records';

// start_integrated_outsource (domain-decisions 'Outsourcing', integrated): a started digital job with the
// EVIDENT partner and its request, queued in the action's transaction, so the send job (and its retries)
// only ever sees a committed request. The partner works through its API, so no share key is issued and
// no e-mail goes; expected_return stays empty until the partner's own turnaround is known.

/** The scans and files of the case that may be sent: its order and internal files. */
const sendableCategories = ['order_file', 'internal_file'];

const findSendableFile = async (tx: Tx, caseUid: string, fileId: number) => {
  const [file] = await tx
    .select({ id: files.id, filename: files.filename })
    .from(files)
    .where(
      and(
        eq(files.id, fileId),
        eq(files.case_uid, caseUid),
        inArray(files.file_category, sendableCategories),
        eq(files.upload_state, 'complete'),
        isNull(files.deleted_at),
      ),
    )
    .limit(1);
  if (!file) {
    throw new AppError('validation_failed', {
      message: outsourceMessages.unknownFile,
      fields: { file_id: outsourceMessages.unknownFile },
    });
  }
  return file;
};

/** Partner and file are required; both messages at once, as the form shows them. */
const requireChoices = (body: { partner_id?: number | null; file_id?: number | null }) => {
  const fields: Record<string, string> = {};
  if (body.partner_id == null) fields.partner_id = outsourceMessages.mustBeSelected;
  if (body.file_id == null) fields.file_id = outsourceMessages.mustBeSelected;
  if (body.partner_id == null || body.file_id == null) {
    throw new AppError('validation_failed', { message: outsourceMessages.mustBeSelected, fields });
  }
  return { partnerId: body.partner_id, fileId: body.file_id };
};

export const startIntegratedOutsource: CaseActionHandler<'start_integrated_outsource'> = async (
  tx,
  input,
) => {
  const { actionCase, actor, now, body } = input;
  const { partnerId, fileId } = requireChoices(body);
  const partner = await loadPartner(tx, partnerId);
  if (partner.adapter_type !== 'EVIDENT') {
    throw new AppError('validation_failed', {
      message: outsourceMessages.notIntegratedPartner,
      fields: { partner_id: outsourceMessages.notIntegratedPartner },
    });
  }
  const file = await findSendableFile(tx, actionCase.row.uid, fileId);
  const move = await planMoveToDesignOutsourced(tx, input);
  const instruction = (body.payload.Instruction ?? '').trim();
  const payload = { ...body.payload, Instruction: instruction };

  // A preemptive job planned with this partner is started in place; otherwise a new job.
  const planned =
    body.outsource_id === undefined ? null : await loadCaseJob(tx, actionCase, body.outsource_id);
  if (planned?.end) throw new AppError('conflict', { message: outsourceMessages.alreadyEnded });
  if (planned?.start) throw new AppError('conflict', { message: outsourceMessages.alreadyStarted });
  const values = {
    partner_id: partner.id,
    start: now,
    expected_return: null,
    job_type: 'digital',
    note: body.note?.trim() || null,
  };
  const [job] = planned
    ? await tx.update(outsources).set(values).where(eq(outsources.id, planned.id)).returning()
    : await tx
        .insert(outsources)
        .values({ ...values, case_uid: actionCase.row.uid, created_by_id: actor.id, created_at: now })
        .returning();
  if (!job) throw new Error('the outsource job was not stored');
  const [request] = await tx
    .insert(integrated_outsource_requests)
    .values({
      outsource_id: job.id,
      adapter_type: 'EVIDENT',
      payload,
      file_id: file.id,
      created_at: now,
      // Due at once: the queued job sends it; a failed try moves this on (retry backoff).
      next_attempt_at: now,
      modified_at: now,
    })
    .returning({ id: integrated_outsource_requests.id });
  if (!request) throw new Error('the integrated request was not stored');

  await writeOutsourceMessage(tx, {
    job: { uid: job.uid, partnerName: partner.name },
    collectionUid: actionCase.collection.uid,
    caseUid: actionCase.row.uid,
    author: actor,
    note: instruction,
    now,
  });
  await writeAuditEvent(tx, {
    entity: 'outsource',
    entityId: job.uid,
    action: 'started',
    collectionUid: actionCase.collection.uid,
    caseUid: actionCase.row.uid,
    changes: {
      partner: partner.name,
      adapter_type: 'EVIDENT',
      request_id: request.id,
      file: file.filename,
      design_types: payload.DesignType ?? [],
      rush: payload.Rush ?? false,
      preemptive: planned !== null,
    },
    actor,
    at: now,
  });
  await saveCaseChanges(tx, {
    actionCase,
    actor,
    now,
    set: move.set,
    changes: { ...move.changes, outsource: { old: null, new: `Sent to ${partner.name}` } },
    recompute: Object.keys(move.set).length > 0,
  });
  await enqueueJob(tx, jobNames.evidentSend, { request_id: request.id });
  return answerCase(actionCase.row.uid);
};
