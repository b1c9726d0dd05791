import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pickedSlipAnswerSchema, type PickingSlipPicked } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { collectionQueryKey } from '../../../lib/query-keys';

/**
 * POST /api/v2/picking_slips/{id}/picked/: the warehouse picked a slip, with its lots. The collection (the
 * slip's card) and every stock figure on the page (chips, shortages) are read again.
 */
export const usePickSlip = (collectionUid: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ slipId, body }: { slipId: number; body: PickingSlipPicked }) =>
      apiClient.request('POST', `/api/v2/picking_slips/${slipId}/picked/`, {
        body,
        schema: pickedSlipAnswerSchema,
        retrySafely: true,
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: collectionQueryKey(collectionUid) }),
        queryClient.invalidateQueries({ queryKey: ['stock'] }),
      ]),
  });
};
