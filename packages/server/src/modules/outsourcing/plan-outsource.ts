import { answerCase, saveCaseChanges, type CaseActionHandler } from '../cases/kernel';
import { outsources } from '../../db/schema/index';
import { assertDueInFuture, resolveJobForm, writeOutsourceAudit } from './outsource-records';

/**
 * plan_outsource: a preemptive job (planned, not started) from the same form; nothing goes to the
 * partner and the case stays where it is until the job is started.
 */
export const planOutsource: CaseActionHandler<'plan_outsource'> = async (tx, input) => {
  const { actionCase, actor, now, body } = input;
  const { partner, returningBranchId } = await resolveJobForm(tx, body);
  const due = assertDueInFuture(body.due_time ?? '', now);
  const [job] = await tx
    .insert(outsources)
    .values({
      case_uid: actionCase.row.uid,
      partner_id: partner.id,
      expected_return: due,
      job_type: body.job_type ?? null,
      returning_branch_id: returningBranchId,
      note: (body.note ?? '').trim(),
      additional_recipients: body.additional_recipients ?? [],
      created_by_id: actor.id,
      created_at: now,
    })
    .returning();
  if (!job) throw new Error('the outsource job was not stored');
  await writeOutsourceAudit(tx, {
    job,
    actionCase,
    action: 'planned',
    changes: { partner: partner.name, expected_return: due.toISOString(), job_type: job.job_type },
    actor,
    now,
  });
  await saveCaseChanges(tx, {
    actionCase,
    actor,
    now,
    set: {},
    changes: { outsource: { old: null, new: `Planned with ${partner.name}` } },
  });
  return answerCase(actionCase.row.uid);
};
