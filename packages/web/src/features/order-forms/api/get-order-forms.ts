import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  collectionActionAnswerSchemas,
  collectionLoadErrors,
  type CollectionAction,
  type OrderForm,
} from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { loadErrorMeta } from '../../../lib/query-meta';
import { collectionQueryKey } from '../../../lib/query-keys';

export const getOrderForms = (collectionUid: string, signal?: AbortSignal): Promise<OrderForm[]> =>
  apiClient.post(
    `/api/v2/collection/${encodeURIComponent(collectionUid)}/`,
    { action: 'order_form_list' } satisfies CollectionAction,
    collectionActionAnswerSchemas.order_form_list,
    signal,
  );

// Under the collection's key, so whatever refreshes the collection refreshes its forms too.
export const orderFormsQueryOptions = (collectionUid: string) =>
  queryOptions({
    queryKey: [...collectionQueryKey(collectionUid), 'order_form_list'] as const,
    queryFn: ({ signal }) => getOrderForms(collectionUid, signal),
    meta: loadErrorMeta(collectionLoadErrors.order_form_list),
  });

export const useOrderForms = (collectionUid: string) => useQuery(orderFormsQueryOptions(collectionUid));
