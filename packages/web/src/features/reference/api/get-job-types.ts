import { queryOptions, useQuery } from '@tanstack/react-query';
import { referenceLoadErrors, jobTypeSchema, type JobType } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { loadErrorMeta } from '../../../lib/query-meta';
import { referenceQueryDefaults } from './reference-query-defaults';

export const getJobTypes = (signal?: AbortSignal): Promise<JobType[]> =>
  apiClient.get('/api/v2/case/job_types/', jobTypeSchema.array(), signal);

export const jobTypesQueryOptions = () =>
  queryOptions({
    ...referenceQueryDefaults,
    queryKey: ['reference', 'jobTypes'],
    queryFn: ({ signal }) => getJobTypes(signal),
    meta: loadErrorMeta(referenceLoadErrors.job_types),
  });

export const useJobTypes = () => useQuery(jobTypesQueryOptions());
