import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  recallRecordSchema,
  recallSchema,
  type Recall,
  type RecallNotify,
  type RecallQuery,
  type RecallRecord,
} from '@lab/domain';
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

export const recallsQueryKey = ['gauge-mrp', 'recalls'] as const;

/** The recalls on record, newest first. */
export const useRecalls = () =>
  useQuery({
    queryKey: recallsQueryKey,
    queryFn: ({ signal }): Promise<RecallRecord[]> =>
      apiClient.get('/api/v2/recalls/', z.array(recallRecordSchema), signal),
    meta: loadErrorMeta('The recalls could not be loaded'),
  });

export const useNotifyRecall = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecallNotify) =>
      apiClient.request('POST', '/api/v2/recall/notify/', {
        body,
        schema: z.object({ recall: recallRecordSchema }),
        retrySafely: true,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: recallsQueryKey }),
  });
};
