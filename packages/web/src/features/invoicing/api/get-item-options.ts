import { queryOptions, useQuery } from '@tanstack/react-query';
import { itemOptionSetsSchema, type ItemOptionSet } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { collectionQueryKey } from '../../../lib/query-keys';

/** GET /api/v2/case/{case_id}/item_options/: one option set per case of the case's collection. */
export const getItemOptions = (caseId: number, signal?: AbortSignal): Promise<ItemOptionSet[]> =>
  apiClient.get(`/api/v2/case/${caseId}/item_options/`, itemOptionSetsSchema, signal);

export const itemOptionsQueryKey = (collectionUid: string) =>
  [...collectionQueryKey(collectionUid), 'item_options'] as const;

export const itemOptionsQueryOptions = (collectionUid: string, caseId: number) =>
  queryOptions({
    queryKey: itemOptionsQueryKey(collectionUid),
    queryFn: ({ signal }) => getItemOptions(caseId, signal),
  });

export const useItemOptions = (collectionUid: string, caseId: number) =>
  useQuery(itemOptionsQueryOptions(collectionUid, caseId));
