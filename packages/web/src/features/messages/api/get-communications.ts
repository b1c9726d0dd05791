import { queryOptions, useQuery } from '@tanstack/react-query';
import { communicationListSchema, messageLoadErrors, type Communication } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { refreshIntervalMs } from '../../../lib/auto-refresh';
import { loadErrorMeta } from '../../../lib/query-meta';
import { collectionQueryKey } from '../../../lib/query-keys';
import { communicationsPath } from '../../../lib/collection-paths';

/** GET /api/v2/collection/{uid}/communicationlogs/: the e-mails and pushes sent about the collection. */
export const getCommunications = (collectionUid: string, signal?: AbortSignal): Promise<Communication[]> =>
  apiClient.get(communicationsPath(collectionUid), communicationListSchema, signal);

export const communicationsQueryOptions = (collectionUid: string) =>
  queryOptions({
    queryKey: [...collectionQueryKey(collectionUid), 'communicationlogs'] as const,
    queryFn: ({ signal }) => getCommunications(collectionUid, signal),
    meta: loadErrorMeta(messageLoadErrors.communications),
    // Loaded ahead of the view (on idle, app/collection-page): fresh for one refresh period, so opening
    // the view shows them without loading them again; a change pushed by the live stream still does.
    staleTime: refreshIntervalMs,
  });

export const useCommunications = (collectionUid: string) =>
  useQuery(communicationsQueryOptions(collectionUid));
