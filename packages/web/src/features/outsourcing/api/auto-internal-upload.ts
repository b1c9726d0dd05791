import { useOutsourcingAction } from './post-outsourcing-action';

/** auto_internal_upload: queues copying the files partners returned into the case's internal files. */
export const useAutoInternalUpload = (collectionUid: string, caseId: number) =>
  useOutsourcingAction(collectionUid, caseId, 'auto_internal_upload');
