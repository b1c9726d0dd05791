import { postOutsourcingAction, useOutsourcingAction, type OutsourcingBody } from './post-outsourcing-action';

/** send_outsource_message: a message to the job's partner. */
export const sendOutsourceMessage = (caseId: number, body: OutsourcingBody<'send_outsource_message'>) =>
  postOutsourcingAction(caseId, 'send_outsource_message', body);

export const useSendOutsourceMessage = (collectionUid: string, caseId: number) =>
  useOutsourcingAction(collectionUid, caseId, 'send_outsource_message');
