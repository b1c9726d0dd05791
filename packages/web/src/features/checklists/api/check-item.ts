import { useMutation, useQueryClient } from '@tanstack/react-query';
import { caseChecklistSchema, type CaseChecklist, type ChecklistItemUpdate } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { putChecklistIntoCache } from './checklist-cache';

/** POST api/v2/checklists/{caseUid}/ {item_id, done, not_required}: answers the case's checklist. */
export const checkItem = (caseUid: string, body: ChecklistItemUpdate): Promise<CaseChecklist> =>
  apiClient.postOnce(`/api/v2/checklists/${encodeURIComponent(caseUid)}/`, body, caseChecklistSchema);

export type CheckItemVariables = { caseUid: string; body: ChecklistItemUpdate };

export const useCheckItem = (collectionUid: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ caseUid, body }: CheckItemVariables) => checkItem(caseUid, body),
    onSuccess: (checklist, { caseUid }) =>
      putChecklistIntoCache(queryClient, collectionUid, caseUid, checklist),
  });
};
