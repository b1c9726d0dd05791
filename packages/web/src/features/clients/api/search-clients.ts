import { queryOptions, useQuery } from '@tanstack/react-query';
import { clientSearchResultSchema, searchMinimumLength, type ClientSearchResult } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';

/** POST /api/v2/client/search/ {keyword}: clients by Client ID, name or country code. */
export const searchClients = (keyword: string, signal?: AbortSignal): Promise<ClientSearchResult[]> =>
  apiClient.post('/api/v2/client/search/', { keyword }, clientSearchResultSchema.array(), signal);

export const clientSearchQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: ['clients', 'search', keyword],
    queryFn: ({ signal }) => searchClients(keyword, signal),
    enabled: keyword.length >= searchMinimumLength,
    staleTime: 60_000,
  });

/** The Clients page's search: the submitted keyword's results (none asked for below 2 characters). */
export const useClientSearch = (keyword: string) => useQuery(clientSearchQueryOptions(keyword.trim()));
