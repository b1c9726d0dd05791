import { useMutation } from '@tanstack/react-query';
import { caseActionAnswerSchema, type CaseAction, type CollectionCase } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { useRefreshImplants } from '../hooks/use-refresh-implants';

/** Replaces the implants of case `caseId` with copies of those of `targetCaseId` (case action clone_implants). */
export const cloneImplants = (caseId: number, targetCaseId: number): Promise<CollectionCase> =>
  apiClient.post(
    `/api/v2/case/${caseId}/`,
    { action: 'clone_implants', target_case_id: targetCaseId } satisfies CaseAction,
    caseActionAnswerSchema,
  );

export const useCloneImplants = (collectionUid: string, caseItem: { uid: string; case_id: number }) => {
  const refresh = useRefreshImplants(collectionUid, caseItem.uid);
  return useMutation({
    mutationFn: (targetCaseId: number) => cloneImplants(caseItem.case_id, targetCaseId),
    onSettled: refresh,
  });
};
