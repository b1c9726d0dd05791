import { queryOptions, useQuery } from '@tanstack/react-query';
import { referenceLoadErrors, materialTypeSchema, type MaterialType } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { loadErrorMeta } from '../../../lib/query-meta';
import { referenceQueryDefaults } from './reference-query-defaults';

export const getMaterialTypes = (signal?: AbortSignal): Promise<MaterialType[]> =>
  apiClient.get('/api/v2/case/material_types/', materialTypeSchema.array(), signal);

export const materialTypesQueryOptions = () =>
  queryOptions({
    ...referenceQueryDefaults,
    queryKey: ['reference', 'materialTypes'],
    queryFn: ({ signal }) => getMaterialTypes(signal),
    meta: loadErrorMeta(referenceLoadErrors.material_types),
  });

export const useMaterialTypes = () => useQuery(materialTypesQueryOptions());
