import { queryOptions, useQuery } from '@tanstack/react-query';
import { clientDetailsSchema, clientLoadErrors, type ClientDetails } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { loadErrorMeta } from '../../../lib/query-meta';
import { clientQueryKey } from './client-query-keys';

/** GET /api/v2/client/{id}/: the client's details. */
export const getClient = (id: number, signal?: AbortSignal): Promise<ClientDetails> =>
  apiClient.get(`/api/v2/client/${id}/`, clientDetailsSchema, signal);

export const clientQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...clientQueryKey(id), 'details'],
    queryFn: ({ signal }) => getClient(id, signal),
    meta: loadErrorMeta(clientLoadErrors.client),
    retry: false,
  });

export const useClient = (id: number) => useQuery(clientQueryOptions(id));
