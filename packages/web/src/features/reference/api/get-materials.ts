import { queryOptions, useQuery } from '@tanstack/react-query';
import { referenceLoadErrors, materialSchema, type Material } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { loadErrorMeta } from '../../../lib/query-meta';
import { referenceQueryDefaults } from './reference-query-defaults';

export const getMaterials = (signal?: AbortSignal): Promise<Material[]> =>
  apiClient.get('/api/v2/case/materials/', materialSchema.array(), signal);

export const materialsQueryOptions = () =>
  queryOptions({
    ...referenceQueryDefaults,
    queryKey: ['reference', 'materials'],
    queryFn: ({ signal }) => getMaterials(signal),
    meta: loadErrorMeta(referenceLoadErrors.materials),
  });

export const useMaterials = () => useQuery(materialsQueryOptions());
