import { queryOptions, useQuery } from '@tanstack/react-query';
import { collectionSearchResultSchema, type CollectionSearchResult } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { toSearchableKeyword } from '../search-keyword';

export const searchCollections = (keyword: string, signal?: AbortSignal): Promise<CollectionSearchResult[]> =>
  apiClient.post('/api/v2/collections/', { keyword }, collectionSearchResultSchema.array(), signal);

// A read, even though it is a POST: a query keyed by the keyword caches the results for Back to Search.
export const collectionSearchQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: ['collections', 'search', keyword],
    queryFn: ({ signal }) => searchCollections(keyword, signal),
    enabled: toSearchableKeyword(keyword) !== null,
  });

export const useCollectionSearch = (keyword: string) => useQuery(collectionSearchQueryOptions(keyword));
