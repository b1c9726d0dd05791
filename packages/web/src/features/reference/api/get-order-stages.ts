import { queryOptions, useQuery } from '@tanstack/react-query';
import { referenceLoadErrors, orderStageSchema, type OrderStage } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { loadErrorMeta } from '../../../lib/query-meta';
import { referenceQueryDefaults } from './reference-query-defaults';

export const getOrderStages = (signal?: AbortSignal): Promise<OrderStage[]> =>
  apiClient.get('/api/v2/collections/order_stages/', orderStageSchema.array(), signal);

export const orderStagesQueryOptions = () =>
  queryOptions({
    ...referenceQueryDefaults,
    queryKey: ['reference', 'orderStages'],
    queryFn: ({ signal }) => getOrderStages(signal),
    meta: loadErrorMeta(referenceLoadErrors.order_stages),
  });

export const useOrderStages = () => useQuery(orderStagesQueryOptions());
