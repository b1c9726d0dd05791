import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  gaugeStockSchema,
  shortagesSchema,
  stockChangeAnswerSchema,
  type GaugeStock,
  type ReceiveStock,
  type Shortages,
  type WriteOffStock,
} from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { loadErrorMeta } from '../../../lib/query-meta';

// Gauge MRP's stock calls: the branch's list, a delivery received, a write-off. A change refreshes the
// list (reserved and available move with it) and the implant cards' stock chips.

export const gaugeStockQueryKey = ['gauge-mrp', 'stock'] as const;

export const useGaugeStock = (branchId: number | null) =>
  useQuery({
    queryKey: [...gaugeStockQueryKey, branchId],
    queryFn: ({ signal }): Promise<GaugeStock> =>
      apiClient.get(
        `/api/v2/gauge_mrp/stock/${branchId === null ? '' : `?branch_id=${branchId}`}`,
        gaugeStockSchema,
        signal,
      ),
    meta: loadErrorMeta('The stock could not be loaded'),
    placeholderData: keepPreviousData,
    // Picks and other desks change stock: the page keeps up while it stays open.
    refetchInterval: 60_000,
  });

const useStockChange = <Body>(path: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) =>
      apiClient.request('POST', path, { body, schema: stockChangeAnswerSchema, retrySafely: true }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: gaugeStockQueryKey }),
        // Every implant card's stock chip (features/stock: ['stock', branch, code]).
        queryClient.invalidateQueries({ queryKey: ['stock'] }),
      ]),
  });
};

export const useReceiveStock = () => useStockChange<ReceiveStock>('/api/v2/gauge_mrp/stock/receive/');
export const useWriteOffStock = () => useStockChange<WriteOffStock>('/api/v2/gauge_mrp/stock/write_off/');

export const useShortages = (branchId: number | null) =>
  useQuery({
    queryKey: ['gauge-mrp', 'shortages', branchId],
    queryFn: ({ signal }): Promise<Shortages> =>
      apiClient.get(
        `/api/v2/gauge_mrp/shortages/${branchId === null ? '' : `?branch_id=${branchId}`}`,
        shortagesSchema,
        signal,
      ),
    meta: loadErrorMeta('The shortages could not be loaded'),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
