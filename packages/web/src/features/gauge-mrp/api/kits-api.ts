import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { gaugeKitSchema, type GaugeKit, type LendKit } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { loadErrorMeta } from '../../../lib/query-meta';

// Gauge MRP's scan-gauge kits: where each is, lend and return (a client's page asks for its own).

export const kitsQueryKey = ['gauge-mrp', 'kits'] as const;

export const useKits = (clientId?: number) =>
  useQuery({
    queryKey: [...kitsQueryKey, clientId ?? null],
    queryFn: ({ signal }): Promise<GaugeKit[]> =>
      apiClient.get(
        `/api/v2/gauge_mrp/kits/${clientId === undefined ? '' : `?client_id=${clientId}`}`,
        z.array(gaugeKitSchema),
        signal,
      ),
    meta: loadErrorMeta('The kits could not be loaded'),
  });

const useKitChange = <Body>(action: 'lend' | 'return') => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kitId, body }: { kitId: number; body: Body }) =>
      apiClient.request('POST', `/api/v2/gauge_mrp/kits/${kitId}/${action}/`, {
        body,
        schema: gaugeKitSchema,
        retrySafely: true,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: kitsQueryKey }),
  });
};

export const useLendKit = () => useKitChange<LendKit>('lend');
export const useReturnKit = () => useKitChange<Record<string, never>>('return');
