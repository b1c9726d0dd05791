import { useMutation, useQueryClient } from '@tanstack/react-query';
import { caseActionAnswerSchema, type CaseAction } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { collectionQueryKey } from '../../../lib/query-keys';

type ImmediacyAction = Extract<CaseAction, { action: 'start_immediacy' | 'end_immediacy' }>;

export type ChangeImmediacyRequest = { caseId: number; action: ImmediacyAction };

/** start_immediacy (immediacy_due = now + the hours entered) or end_immediacy; answers the case. */
export const changeImmediacy = ({ caseId, action }: ChangeImmediacyRequest) =>
  apiClient.postOnce(`/api/v2/case/${caseId}/`, action, caseActionAnswerSchema);

export const useChangeImmediacy = (collectionUid: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeImmediacy,
    // The header, the cards and the active list all read immediacy_due from the collection.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collectionQueryKey(collectionUid) }),
  });
};
