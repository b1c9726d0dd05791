import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { caseActionAnswerSchema, type CaseAction, type Collection, type CollectionCase } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { collectionQueryKey } from '../../../lib/query-keys';

/** POST /api/v2/case/{case_id}/ with one action; answers the case as the collection lists it. */
export const postCaseAction = (caseId: number, action: CaseAction): Promise<CollectionCase> =>
  apiClient.post(`/api/v2/case/${caseId}/`, action, caseActionAnswerSchema);

/** Puts an answered case into the cached collection (a new case, e.g. a redo, is appended). */
export const putCaseIntoCollection = (
  queryClient: QueryClient,
  collectionUid: string,
  caseItem: CollectionCase,
) => {
  queryClient.setQueryData<Collection>(collectionQueryKey(collectionUid), (collection) => {
    if (!collection) return collection;
    const isKnown = collection.cases.some((item) => item.uid === caseItem.uid);
    const cases = isKnown
      ? collection.cases.map((item) => (item.uid === caseItem.uid ? caseItem : item))
      : [...collection.cases, caseItem];
    return { ...collection, cases };
  });
  // Other cases may have moved too (related cases, groups): the next load brings them.
  void queryClient.invalidateQueries({ queryKey: collectionQueryKey(collectionUid) });
};

type CaseActionVariables = { caseId: number; action: CaseAction };

export const useCaseAction = (collectionUid: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ caseId, action }: CaseActionVariables) => postCaseAction(caseId, action),
    onSuccess: (caseItem) => putCaseIntoCollection(queryClient, collectionUid, caseItem),
  });
};
