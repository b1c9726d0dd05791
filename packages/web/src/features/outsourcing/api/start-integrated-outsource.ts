import { postOutsourcingAction, useOutsourcingAction, type OutsourcingBody } from './post-outsourcing-action';

/** start_integrated_outsource: a job sent to the integrated partner (EVIDENT). */
export const startIntegratedOutsource = (
  caseId: number,
  body: OutsourcingBody<'start_integrated_outsource'>,
) => postOutsourcingAction(caseId, 'start_integrated_outsource', body);

export const useStartIntegratedOutsource = (collectionUid: string, caseId: number) =>
  useOutsourcingAction(collectionUid, caseId, 'start_integrated_outsource');
