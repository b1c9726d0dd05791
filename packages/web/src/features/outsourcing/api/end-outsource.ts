import { postOutsourcingAction, useOutsourcingAction, type OutsourcingBody } from './post-outsourcing-action';

/** end_outsource: ends a started job, or cancels a preemptive one. */
export const endOutsource = (caseId: number, body: OutsourcingBody<'end_outsource'>) =>
  postOutsourcingAction(caseId, 'end_outsource', body);

export const useEndOutsource = (collectionUid: string, caseId: number) =>
  useOutsourcingAction(collectionUid, caseId, 'end_outsource');
