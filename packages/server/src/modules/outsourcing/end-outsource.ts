import { eq } from 'drizzle-orm';
import { AppError, outsourceMessages } from '@lab/domain';
import { outsources, partners } from '../../db/schema/index';
import { answerCase, saveCaseChanges, type CaseActionHandler } from '../cases/kernel';
import { loadCaseJob, writeOutsourceAudit } from './outsource-records';

/**
 * end_outsource (after 'Are you sure?'): a started job is Complete, a preemptive one Canceled. The share
 * key stays, so the partner can still read the job; its page is read only once the job has ended.
 */
export const endOutsource: CaseActionHandler<'end_outsource'> = async (tx, input) => {
  const { actionCase, actor, now, body } = input;
  const job = await loadCaseJob(tx, actionCase, body.outsource_id);
  if (job.end) throw new AppError('conflict', { message: outsourceMessages.alreadyEnded });
  await tx.update(outsources).set({ end: now }).where(eq(outsources.id, job.id));
  const [partner] = await tx
    .select({ name: partners.name })
    .from(partners)
    .where(eq(partners.id, job.partner_id))
    .limit(1);
  const partnerName = partner?.name ?? '';
  const outcome = job.start ? 'Completed' : 'Canceled';
  await writeOutsourceAudit(tx, {
    job,
    actionCase,
    action: 'ended',
    changes: { partner: partnerName, end: now.toISOString(), outcome },
    actor,
    now,
  });
  await saveCaseChanges(tx, {
    actionCase,
    actor,
    now,
    set: {},
    changes: { outsource: { old: null, new: `${outcome}: ${partnerName}` } },
  });
  return answerCase(actionCase.row.uid);
};
