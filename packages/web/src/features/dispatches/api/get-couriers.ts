import { queryOptions, useQuery } from '@tanstack/react-query';
import { courierSchema, dispatchMessages, type Courier } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { loadErrorMeta } from '../../../lib/query-meta';

/** GET /api/v2/dispatches/couriers/: a reference list, loaded once and never stale. */
export const getCouriers = (signal?: AbortSignal): Promise<Courier[]> =>
  apiClient.get('/api/v2/dispatches/couriers/', courierSchema.array(), signal);

export const couriersQueryKey = ['dispatches', 'couriers'] as const;

export const couriersQueryOptions = () =>
  queryOptions({
    queryKey: couriersQueryKey,
    queryFn: ({ signal }) => getCouriers(signal),
    staleTime: Infinity,
    gcTime: Infinity,
    meta: loadErrorMeta(dispatchMessages.couriersLoadFailed),
  });

export const useCouriers = () => useQuery(couriersQueryOptions());
