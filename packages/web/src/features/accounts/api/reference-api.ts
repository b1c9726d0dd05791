import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  courierAdminSchema,
  priceRowSchema,
  pricesSchema,
  type CourierAdmin,
  type PriceBody,
  type Prices,
} from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { loadErrorMeta } from '../../../lib/query-meta';

// The reference data the Accounts page keeps (issue 32): the price list with the job types' default
// prices, and the couriers with their freight per branch. A change reloads its list.

const pricesKey = ['accounts', 'prices'] as const;
const couriersKey = ['accounts', 'couriers'] as const;

export const usePrices = (clientId: string) =>
  useQuery({
    queryKey: [...pricesKey, clientId],
    queryFn: ({ signal }): Promise<Prices> =>
      apiClient.get(
        `/api/v2/accounts/prices/${clientId ? `?client_id=${clientId}` : ''}`,
        pricesSchema,
        signal,
      ),
    meta: loadErrorMeta('The price list could not be loaded'),
  });

const useChange = <Variables, Answer>(
  key: readonly string[],
  send: (variables: Variables) => Promise<Answer>,
) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => queryClient.invalidateQueries({ queryKey: key }) });
};

export const useSetPrice = () =>
  useChange(pricesKey, (body: PriceBody) =>
    apiClient.request('POST', '/api/v2/accounts/prices/', {
      body,
      schema: priceRowSchema,
      retrySafely: true,
    }),
  );

export const useRemovePrice = () =>
  useChange(pricesKey, (id: number) =>
    apiClient.request('DELETE', `/api/v2/accounts/prices/${id}/`, {
      schema: z.object({ removed: z.literal(true) }),
      retrySafely: true,
    }),
  );

export const useSetJobTypePrice = () =>
  useChange(pricesKey, ({ id, price }: { id: number; price: string }) =>
    apiClient.request('PATCH', `/api/v2/accounts/job_types/${id}/`, {
      body: { price },
      schema: z.object({ id: z.number(), name: z.string(), price: z.string().nullable() }),
      retrySafely: true,
    }),
  );

export const useCourierAdmin = () =>
  useQuery({
    queryKey: couriersKey,
    queryFn: ({ signal }): Promise<CourierAdmin[]> =>
      apiClient.get('/api/v2/accounts/couriers/', z.array(courierAdminSchema), signal),
    meta: loadErrorMeta('The couriers could not be loaded'),
  });

export const useAddCourier = () =>
  useChange(couriersKey, (body: { name: string; tracking_url_template: string }) =>
    apiClient.request('POST', '/api/v2/accounts/couriers/', {
      body,
      schema: courierAdminSchema,
      retrySafely: true,
    }),
  );

export const useUpdateCourier = () =>
  useChange(
    couriersKey,
    ({ id, ...body }: { id: number; name?: string; tracking_url_template?: string; is_active?: boolean }) =>
      apiClient.request('PATCH', `/api/v2/accounts/couriers/${id}/`, {
        body,
        schema: courierAdminSchema,
        retrySafely: true,
      }),
  );

export const useSetCourierRate = () =>
  useChange(couriersKey, ({ id, ...body }: { id: number; branch_id: number; freight: string | null }) =>
    apiClient.request('PUT', `/api/v2/accounts/couriers/${id}/rates/`, {
      body,
      schema: courierAdminSchema,
      retrySafely: true,
    }),
  );
