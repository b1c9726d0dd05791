import { postOutsourcingAction, useOutsourcingAction, type OutsourcingBody } from './post-outsourcing-action';

/** auto_outsource_upload: queues copying the case's order files to the open job's partner. */
export const autoOutsourceUpload = (caseId: number, body: OutsourcingBody<'auto_outsource_upload'>) =>
  postOutsourcingAction(caseId, 'auto_outsource_upload', body);

export const useAutoOutsourceUpload = (collectionUid: string, caseId: number) =>
  useOutsourcingAction(collectionUid, caseId, 'auto_outsource_upload');
