import { queryOptions, useQuery } from '@tanstack/react-query';
import { collectionSearchResultSchema, type CollectionSearchResult } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';

export const getActiveCollections = (signal?: AbortSignal): Promise<CollectionSearchResult[]> =>
  apiClient.get('/api/v2/collections/active/', collectionSearchResultSchema.array(), signal);

export const activeCollectionsQueryOptions = () =>
  queryOptions({
    queryKey: ['collections', 'active'],
    queryFn: ({ signal }) => getActiveCollections(signal),
  });

export const useActiveCollections = () => useQuery(activeCollectionsQueryOptions());
