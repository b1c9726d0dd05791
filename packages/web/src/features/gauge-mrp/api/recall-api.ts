import { useQuery } from '@tanstack/react-query';
import { recallSchema, type Recall, type RecallQuery } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { loadErrorMeta } from '../../../lib/query-meta';

// The recall: which cases received a lot of an article (asked for once the form is sent; null until then).

const recallSearch = (query: RecallQuery) => new URLSearchParams(query).toString();

export const useRecall = (query: RecallQuery | null) =>
  useQuery({
    queryKey: ['gauge-mrp', 'recall', query],
    queryFn: ({ signal }): Promise<Recall> =>
      apiClient.get(
        `/api/v2/recall/?${recallSearch(query ?? { article: '', lot: '' })}`,
        recallSchema,
        signal,
      ),
    enabled: query !== null,
    meta: loadErrorMeta('The recall could not be run'),
  });

/** The same list as a CSV file (a link: the session cookie is enough). */
export const recallCsvUrl = (query: RecallQuery): string => `/api/v2/recall/csv/?${recallSearch(query)}`;
