import { postOutsourcingAction, useOutsourcingAction, type OutsourcingBody } from './post-outsourcing-action';

/** redo_integrated_outsource: asks the integrated partner to redo completed work. */
export const redoIntegratedOutsource = (caseId: number, body: OutsourcingBody<'redo_integrated_outsource'>) =>
  postOutsourcingAction(caseId, 'redo_integrated_outsource', body);

export const useRedoIntegratedOutsource = (collectionUid: string, caseId: number) =>
  useOutsourcingAction(collectionUid, caseId, 'redo_integrated_outsource');
