import { queryOptions, useQuery } from '@tanstack/react-query';
import { clientLoadErrors, communicationListSchema, type Communication } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { loadErrorMeta } from '../../../lib/query-meta';
import { clientQueryKey } from './client-query-keys';

/** GET /api/v2/client/{id}/communications/: mail to the client and about its collections, newest first. */
export const getClientCommunications = (id: number, signal?: AbortSignal): Promise<Communication[]> =>
  apiClient.get(`/api/v2/client/${id}/communications/`, communicationListSchema, signal);

export const clientCommunicationsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...clientQueryKey(id), 'communications'],
    queryFn: ({ signal }) => getClientCommunications(id, signal),
    meta: loadErrorMeta(clientLoadErrors.communications),
  });

export const useClientCommunications = (id: number) => useQuery(clientCommunicationsQueryOptions(id));
