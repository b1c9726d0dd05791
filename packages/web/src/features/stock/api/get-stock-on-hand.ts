import { queryOptions, useQuery } from '@tanstack/react-query';
import { stockOnHandSchema, type StockOnHand } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';

/** GET /api/v2/components/{branch}/{component code}/soh/: the part's stock at the branch. */
export const getStockOnHand = (branchId: number, code: string, signal?: AbortSignal): Promise<StockOnHand> =>
  apiClient.get(`/api/v2/components/${branchId}/${encodeURIComponent(code)}/soh/`, stockOnHandSchema, signal);

export const stockOnHandQueryKey = (branchId: number, code: string) => ['stock', branchId, code] as const;

// A failed lookup leaves the stock blank (§7, §8): no retry, and no errorText, so the app bar lists nothing.
export const stockOnHandQueryOptions = (branchId: number, code: string) =>
  queryOptions({
    queryKey: stockOnHandQueryKey(branchId, code),
    queryFn: ({ signal }) => getStockOnHand(branchId, code, signal),
    staleTime: 60_000,
    retry: false,
  });

export const useStockOnHand = (branchId: number | null, code: string) =>
  useQuery({ ...stockOnHandQueryOptions(branchId ?? 0, code), enabled: branchId !== null && code !== '' });
