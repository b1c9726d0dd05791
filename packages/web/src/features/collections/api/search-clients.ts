import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { clientSearchResultSchema, searchMinimumLength, type ClientSearchResult } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';

export const searchClients = (keyword: string, signal?: AbortSignal): Promise<ClientSearchResult[]> =>
  apiClient.post('/api/v2/client/search/', { keyword }, clientSearchResultSchema.array(), signal);

export const clientSearchQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: ['clients', 'search', keyword],
    queryFn: ({ signal }) => searchClients(keyword, signal),
    enabled: keyword.trim().length >= searchMinimumLength,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

/** The shipping and billing client pickers: results for a keyword of at least 2 characters. */
export const useClientSearch = (keyword: string) => useQuery(clientSearchQueryOptions(keyword.trim()));
