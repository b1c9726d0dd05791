import { eq } from 'drizzle-orm';
import { AppError, outsourceMessages } from '@lab/domain';
import { newSecret } from '../../auth/secrets';
import { outsources } from '../../db/schema/index';
import { enqueueJob } from '../../jobs/enqueue-job';
import { jobNames } from '../../jobs/job-names';
import { answerCase, saveCaseChanges, type CaseActionHandler } from '../cases/kernel';
import { planMoveToDesignOutsourced } from './move-to-design';
import { writeOutsourceMessage } from './outsource-message';
import { assertDueInFuture, loadCaseJob, resolveJobForm, writeOutsourceAudit } from './outsource-records';

/**
 * start_outsource: a new job, or the preemptive one named by outsource_id (domain-decisions
 * 'Outsourcing'). Stamps start and expected_return, issues the share key (256 random bits), writes the
 * OUTSOURCE_MESSAGE with the note, moves the case to Design Outsourced and queues the partner's e-mail,
 * all in the action's transaction.
 */
export const startOutsource: CaseActionHandler<'start_outsource'> = async (tx, input) => {
  const { actionCase, actor, now, body } = input;
  const planned =
    body.outsource_id === undefined ? null : await loadCaseJob(tx, actionCase, body.outsource_id);
  if (planned?.end) throw new AppError('conflict', { message: outsourceMessages.alreadyEnded });
  if (planned?.start) throw new AppError('conflict', { message: outsourceMessages.alreadyStarted });
  const { partner, returningBranchId } = await resolveJobForm(tx, body);
  const due = assertDueInFuture(body.due_time ?? '', now);
  const move = await planMoveToDesignOutsourced(tx, input);
  const note = (body.note ?? '').trim();

  const values = {
    partner_id: partner.id,
    start: now,
    expected_return: due,
    job_type: body.job_type ?? null,
    returning_branch_id: returningBranchId,
    note,
    additional_recipients: body.additional_recipients ?? [],
    outsource_key: newSecret(),
  };
  const [job] = planned
    ? await tx.update(outsources).set(values).where(eq(outsources.id, planned.id)).returning()
    : await tx
        .insert(outsources)
        .values({ ...values, case_uid: actionCase.row.uid, created_by_id: actor.id, created_at: now })
        .returning();
  if (!job) throw new Error('the outsource job was not stored');

  await writeOutsourceMessage(tx, {
    job: { uid: job.uid, partnerName: partner.name },
    collectionUid: actionCase.collection.uid,
    caseUid: actionCase.row.uid,
    author: actor,
    note,
    now,
  });
  await writeOutsourceAudit(tx, {
    job,
    actionCase,
    action: 'started',
    changes: {
      partner: partner.name,
      expected_return: due.toISOString(),
      job_type: job.job_type,
      additional_recipients: job.additional_recipients,
      preemptive: planned !== null,
    },
    actor,
    now,
  });
  const moved = Object.keys(move.set).length > 0;
  await saveCaseChanges(tx, {
    actionCase,
    actor,
    now,
    set: move.set,
    changes: { ...move.changes, outsource: { old: null, new: `Started with ${partner.name}` } },
    recompute: moved,
  });
  await enqueueJob(tx, jobNames.outsourceRequestEmail, { outsource_uid: job.uid });
  return answerCase(actionCase.row.uid);
};
