import { useMutation, useQueryClient } from '@tanstack/react-query';
import { caseActionAnswerSchema, type CaseAction, type CollectionCase } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { putCaseIntoCollection } from '../../../lib/collection-cache';

// The Outsourcing tab's members of POST /api/v2/case/{case_id}/ (case-workspace §7). Each call file of
// this folder builds one of them; every one answers the case as the collection lists it.

export type OutsourcingActionName =
  | 'start_outsource'
  | 'plan_outsource'
  | 'end_outsource'
  | 'send_outsource_message'
  | 'start_integrated_outsource'
  | 'redo_integrated_outsource'
  | 'auto_outsource_upload'
  | 'auto_internal_upload';

/** The body of one outsourcing action, without its `action` name. */
export type OutsourcingBody<Name extends OutsourcingActionName> = Omit<
  Extract<CaseAction, { action: Name }>,
  'action'
>;

export const postOutsourcingAction = <Name extends OutsourcingActionName>(
  caseId: number,
  action: Name,
  body: OutsourcingBody<Name>,
): Promise<CollectionCase> =>
  apiClient.postOnce(`/api/v2/case/${caseId}/`, { action, ...body }, caseActionAnswerSchema);

/** A mutation of one outsourcing action on one case: the answered case goes into the cached collection. */
export const useOutsourcingAction = <Name extends OutsourcingActionName>(
  collectionUid: string,
  caseId: number,
  action: Name,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OutsourcingBody<Name>) => postOutsourcingAction(caseId, action, body),
    onSuccess: (caseItem) => putCaseIntoCollection(queryClient, collectionUid, caseItem),
  });
};
