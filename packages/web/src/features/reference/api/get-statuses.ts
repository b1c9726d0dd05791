import { queryOptions, useQuery } from '@tanstack/react-query';
import { referenceLoadErrors, statusSchema, type Status } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { loadErrorMeta } from '../../../lib/query-meta';
import { referenceQueryDefaults } from './reference-query-defaults';

export const getStatuses = (signal?: AbortSignal): Promise<Status[]> =>
  apiClient.get('/api/v2/case/statuses/', statusSchema.array(), signal);

export const statusesQueryOptions = () =>
  queryOptions({
    ...referenceQueryDefaults,
    queryKey: ['reference', 'statuses'],
    queryFn: ({ signal }) => getStatuses(signal),
    meta: loadErrorMeta(referenceLoadErrors.statuses),
  });

export const useStatuses = () => useQuery(statusesQueryOptions());
