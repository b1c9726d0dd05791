import type { QueryClient } from '@tanstack/react-query';
import type { CaseChecklist } from '@lab/domain';
import { collectionQueryKey } from '../../../lib/query-keys';
import { caseChecklistQueryKey } from './get-case-checklist';

/**
 * Every checklist write answers the case's list as it now stands: it goes into the cache at once, and
 * the collection's audit list (the case's Audit tab shows the tick) loads again.
 */
export const putChecklistIntoCache = (
  queryClient: QueryClient,
  collectionUid: string,
  caseUid: string,
  checklist: CaseChecklist,
) => {
  queryClient.setQueryData(caseChecklistQueryKey(collectionUid, caseUid), checklist);
  void queryClient.invalidateQueries({ queryKey: [...collectionQueryKey(collectionUid), 'audit_list'] });
};
