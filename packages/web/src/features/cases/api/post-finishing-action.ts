import { useMutation, useQueryClient } from '@tanstack/react-query';
import { caseActionAnswerSchema, type CollectionCase, type FinishingAction } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { putCaseIntoCollection } from '../../../lib/collection-cache';

/** POST /api/v2/finishing/{case_id}/ {action: 'change_status', status_id, grouped}. */
export const postFinishingAction = (caseId: number, action: FinishingAction): Promise<CollectionCase> =>
  apiClient.postOnce(`/api/v2/finishing/${caseId}/`, action, caseActionAnswerSchema);

export const useFinishingStatusChange = (collectionUid: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ caseId, statusId, isGrouped }: { caseId: number; statusId: number; isGrouped: boolean }) =>
      postFinishingAction(caseId, { action: 'change_status', status_id: statusId, grouped: isGrouped }),
    onSuccess: (caseItem) => putCaseIntoCollection(queryClient, collectionUid, caseItem),
  });
};
