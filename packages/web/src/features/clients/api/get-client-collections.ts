import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  clientCollectionsPageSchema,
  clientLoadErrors,
  type ClientCollectionStatus,
  type ClientCollectionsPage,
} from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { loadErrorMeta } from '../../../lib/query-meta';
import { clientQueryKey } from './client-query-keys';

/** GET /api/v2/client/{id}/collections/?page=&status=: one page of 25, newest first. */
export const getClientCollections = (
  id: number,
  status: ClientCollectionStatus,
  page: number,
  signal?: AbortSignal,
): Promise<ClientCollectionsPage> =>
  apiClient.get(
    `/api/v2/client/${id}/collections/?${new URLSearchParams({ status, page: String(page) }).toString()}`,
    clientCollectionsPageSchema,
    signal,
  );

export const clientCollectionsQueryOptions = (id: number, status: ClientCollectionStatus, page: number) =>
  queryOptions({
    queryKey: [...clientQueryKey(id), 'collections', status, page],
    queryFn: ({ signal }) => getClientCollections(id, status, page, signal),
    meta: loadErrorMeta(clientLoadErrors.collections),
    // The table keeps the page it shows while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useClientCollections = (id: number, status: ClientCollectionStatus, page: number) =>
  useQuery(clientCollectionsQueryOptions(id, status, page));
