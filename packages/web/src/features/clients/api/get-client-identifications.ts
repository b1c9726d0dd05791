import { queryOptions, useQuery } from '@tanstack/react-query';
import { clientIdentificationListSchema, clientLoadErrors, type ClientIdentification } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { loadErrorMeta } from '../../../lib/query-meta';
import { clientQueryKey } from './client-query-keys';

/** GET /api/v2/client/{id}/identifications/: the e-mail addresses and mobiles the client is known by. */
export const getClientIdentifications = (id: number, signal?: AbortSignal): Promise<ClientIdentification[]> =>
  apiClient.get(`/api/v2/client/${id}/identifications/`, clientIdentificationListSchema, signal);

export const clientIdentificationsQueryKey = (id: number) => [...clientQueryKey(id), 'identifications'];

export const clientIdentificationsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: clientIdentificationsQueryKey(id),
    queryFn: ({ signal }) => getClientIdentifications(id, signal),
    meta: loadErrorMeta(clientLoadErrors.identifications),
  });

export const useClientIdentifications = (id: number) => useQuery(clientIdentificationsQueryOptions(id));
