import { queryOptions, useQuery } from '@tanstack/react-query';
import { referenceLoadErrors, kitSchema, type Kit } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { loadErrorMeta } from '../../../lib/query-meta';
import { referenceQueryDefaults } from './reference-query-defaults';

export const getKitList = (signal?: AbortSignal): Promise<Kit[]> =>
  apiClient.get('/api/v2/case/kit_list/', kitSchema.array(), signal);

export const kitsQueryOptions = () =>
  queryOptions({
    ...referenceQueryDefaults,
    queryKey: ['reference', 'kits'],
    queryFn: ({ signal }) => getKitList(signal),
    meta: loadErrorMeta(referenceLoadErrors.kit_list),
  });

export const useKits = () => useQuery(kitsQueryOptions());
