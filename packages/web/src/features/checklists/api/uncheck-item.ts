import { useMutation, useQueryClient } from '@tanstack/react-query';
import { caseChecklistSchema, type CaseChecklist } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { putChecklistIntoCache } from './checklist-cache';

/** DELETE api/v2/checklists/{caseUid}/{itemId}/: the item is open again; answers the case's checklist. */
export const uncheckItem = (caseUid: string, itemId: number): Promise<CaseChecklist> =>
  apiClient.request('DELETE', `/api/v2/checklists/${encodeURIComponent(caseUid)}/${itemId}/`, {
    schema: caseChecklistSchema,
  });

export type UncheckItemVariables = { caseUid: string; itemId: number };

export const useUncheckItem = (collectionUid: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ caseUid, itemId }: UncheckItemVariables) => uncheckItem(caseUid, itemId),
    onSuccess: (checklist, { caseUid }) =>
      putChecklistIntoCache(queryClient, collectionUid, caseUid, checklist),
  });
};
