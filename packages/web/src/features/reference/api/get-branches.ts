import { queryOptions, useQuery } from '@tanstack/react-query';
import { branchSchema, type Branch } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { referenceQueryDefaults } from './reference-query-defaults';

export const getBranches = (signal?: AbortSignal): Promise<Branch[]> =>
  apiClient.get('/api/v2/case/branches/', branchSchema.array(), signal);

// The spec gives the branches load no error text, so a failure stays out of the error list.
export const branchesQueryOptions = () =>
  queryOptions({
    ...referenceQueryDefaults,
    queryKey: ['reference', 'branches'],
    queryFn: ({ signal }) => getBranches(signal),
  });

export const useBranches = () => useQuery(branchesQueryOptions());
