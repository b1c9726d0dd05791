import { queryOptions, useQuery } from '@tanstack/react-query';
import { referenceLoadErrors, approvalTypeSchema, type ApprovalType } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { loadErrorMeta } from '../../../lib/query-meta';
import { referenceQueryDefaults } from './reference-query-defaults';

export const getApprovalTypes = (signal?: AbortSignal): Promise<ApprovalType[]> =>
  apiClient.get('/api/v2/approvals/types/', approvalTypeSchema.array(), signal);

export const approvalTypesQueryOptions = () =>
  queryOptions({
    ...referenceQueryDefaults,
    queryKey: ['reference', 'approvalTypes'],
    queryFn: ({ signal }) => getApprovalTypes(signal),
    meta: loadErrorMeta(referenceLoadErrors.approval_types),
  });

export const useApprovalTypes = () => useQuery(approvalTypesQueryOptions());
