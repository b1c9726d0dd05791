import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import { collectionQueryKey } from '../../../lib/query-keys';

export const updateOrderStage = (uid: string, orderStage: number | null): Promise<unknown> =>
  apiClient.request('PATCH', `/api/v2/collection/${encodeURIComponent(uid)}/`, {
    schema: z.unknown(),
    body: { order_stage: orderStage },
  });

export const useUpdateOrderStage = (uid: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderStage: number | null) => updateOrderStage(uid, orderStage),
    onSettled: () => queryClient.invalidateQueries({ queryKey: collectionQueryKey(uid) }),
  });
};
