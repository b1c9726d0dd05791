import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  collectionActionAnswerSchemas,
  collectionLoadErrors,
  type CollectionAction,
  type CollectionAudit,
} from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { loadErrorMeta } from '../../../lib/query-meta';
import { collectionQueryKey } from '../../../lib/query-keys';

export const getAudit = (collectionUid: string, signal?: AbortSignal): Promise<CollectionAudit> =>
  apiClient.post(
    `/api/v2/collection/${encodeURIComponent(collectionUid)}/`,
    { action: 'audit_list' } satisfies CollectionAction,
    collectionActionAnswerSchemas.audit_list,
    signal,
  );

// Under the collection's key: a change that refreshes the collection brings its audit rows along.
export const auditQueryOptions = (collectionUid: string) =>
  queryOptions({
    queryKey: [...collectionQueryKey(collectionUid), 'audit_list'] as const,
    queryFn: ({ signal }) => getAudit(collectionUid, signal),
    meta: loadErrorMeta(collectionLoadErrors.audit_list),
  });

export const useAudit = (collectionUid: string) => useQuery(auditQueryOptions(collectionUid));
