import { queryOptions, useQuery } from '@tanstack/react-query';
import { communicationListSchema, messageLoadErrors, type Communication } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { loadErrorMeta } from '../../../lib/query-meta';
import { collectionQueryKey } from '../../../lib/query-keys';

/** GET /api/v2/collection/{uid}/communicationlogs/: the e-mails and pushes sent about the collection. */
export const getCommunications = (collectionUid: string, signal?: AbortSignal): Promise<Communication[]> =>
  apiClient.get(
    `/api/v2/collection/${encodeURIComponent(collectionUid)}/communicationlogs/`,
    communicationListSchema,
    signal,
  );

export const communicationsQueryOptions = (collectionUid: string) =>
  queryOptions({
    queryKey: [...collectionQueryKey(collectionUid), 'communicationlogs'] as const,
    queryFn: ({ signal }) => getCommunications(collectionUid, signal),
    meta: loadErrorMeta(messageLoadErrors.communications),
  });

export const useCommunications = (collectionUid: string) =>
  useQuery(communicationsQueryOptions(collectionUid));
