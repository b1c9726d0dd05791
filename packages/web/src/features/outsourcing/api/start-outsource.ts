import { postOutsourcingAction, useOutsourcingAction, type OutsourcingBody } from './post-outsourcing-action';

/** start_outsource: a new manual job, or the preemptive one named by outsource_id. */
export const startOutsource = (caseId: number, body: OutsourcingBody<'start_outsource'>) =>
  postOutsourcingAction(caseId, 'start_outsource', body);

export const useStartOutsource = (collectionUid: string, caseId: number) =>
  useOutsourcingAction(collectionUid, caseId, 'start_outsource');
