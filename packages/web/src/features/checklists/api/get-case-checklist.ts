import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { caseChecklistSchema, type CaseChecklist } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { collectionQueryKey } from '../../../lib/query-keys';

/** GET api/v2/checklists/{caseUid}/: the case's QC checklist. */
export const getCaseChecklist = (caseUid: string, signal?: AbortSignal): Promise<CaseChecklist> =>
  apiClient.get(`/api/v2/checklists/${encodeURIComponent(caseUid)}/`, caseChecklistSchema, signal);

// Under the collection's key, so whatever refreshes the collection refreshes its checklists too. The
// Ready for Dispatch confirmation (features/cases) reads the same key.
export const caseChecklistQueryKey = (collectionUid: string, caseUid: string) =>
  [...collectionQueryKey(collectionUid), 'checklist', caseUid] as const;

export const caseChecklistQueryOptions = (collectionUid: string, caseUid: string) =>
  queryOptions({
    queryKey: caseChecklistQueryKey(collectionUid, caseUid),
    queryFn: ({ signal }) => getCaseChecklist(caseUid, signal),
  });

export const useCaseChecklist = (collectionUid: string, caseUid: string) =>
  useQuery(caseChecklistQueryOptions(collectionUid, caseUid));

/** Several cases' checklists at once (the Checklists view), in the order of `caseUids`. */
export const useCaseChecklists = (collectionUid: string, caseUids: readonly string[]) =>
  useQueries({ queries: caseUids.map((caseUid) => caseChecklistQueryOptions(collectionUid, caseUid)) });
