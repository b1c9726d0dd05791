import { queryOptions, useQuery } from '@tanstack/react-query';
import { referenceLoadErrors, partnerSchema, type Partner } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { loadErrorMeta } from '../../../lib/query-meta';
import { referenceQueryDefaults } from './reference-query-defaults';

export const getPartners = (signal?: AbortSignal): Promise<Partner[]> =>
  apiClient.get('/api/v2/case/partners/', partnerSchema.array(), signal);

export const partnersQueryOptions = () =>
  queryOptions({
    ...referenceQueryDefaults,
    queryKey: ['reference', 'partners'],
    queryFn: ({ signal }) => getPartners(signal),
    meta: loadErrorMeta(referenceLoadErrors.partners),
  });

export const usePartners = () => useQuery(partnersQueryOptions());
