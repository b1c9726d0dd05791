import { useMutation, useQueryClient } from '@tanstack/react-query';
import { caseActionAnswerSchema, type CaseAction, type CollectionCase } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { putCaseIntoCollection } from '../../../lib/collection-cache';

/** POST /api/v2/case/{case_id}/ with one action; answers the case as the collection lists it. */
export const postCaseAction = (caseId: number, action: CaseAction): Promise<CollectionCase> =>
  apiClient.postOnce(`/api/v2/case/${caseId}/`, action, caseActionAnswerSchema);

type CaseActionVariables = { caseId: number; action: CaseAction };

export const useCaseAction = (collectionUid: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ caseId, action }: CaseActionVariables) => postCaseAction(caseId, action),
    onSuccess: (caseItem) => putCaseIntoCollection(queryClient, collectionUid, caseItem),
  });
};
