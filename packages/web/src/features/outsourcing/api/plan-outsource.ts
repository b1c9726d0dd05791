import { postOutsourcingAction, useOutsourcingAction, type OutsourcingBody } from './post-outsourcing-action';

/** plan_outsource: a preemptive job, started later. */
export const planOutsource = (caseId: number, body: OutsourcingBody<'plan_outsource'>) =>
  postOutsourcingAction(caseId, 'plan_outsource', body);

export const usePlanOutsource = (collectionUid: string, caseId: number) =>
  useOutsourcingAction(collectionUid, caseId, 'plan_outsource');
