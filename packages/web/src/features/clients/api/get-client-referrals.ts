import { queryOptions, useQuery } from '@tanstack/react-query';
import { clientLoadErrors, referralSchema, type Referral } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { loadErrorMeta } from '../../../lib/query-meta';
import { clientQueryKey } from './client-query-keys';

/** GET /api/v2/client/{id}/referrals/: referrals the client made or came in by, newest first. */
export const getClientReferrals = (id: number, signal?: AbortSignal): Promise<Referral[]> =>
  apiClient.get(`/api/v2/client/${id}/referrals/`, referralSchema.array(), signal);

export const clientReferralsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...clientQueryKey(id), 'referrals'],
    queryFn: ({ signal }) => getClientReferrals(id, signal),
    meta: loadErrorMeta(clientLoadErrors.referrals),
  });

export const useClientReferrals = (id: number) => useQuery(clientReferralsQueryOptions(id));
