import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { jobTypeRequiredScansSchema, type JobTypeRequiredScans, type ScanKind } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { checkInQueryKey } from '../../../lib/query-keys';
import { loadErrorMeta } from '../../../lib/query-meta';

// The scans pre-flight asks of each job type, as an administrator sets them.

const requiredScansKey = [...checkInQueryKey, 'required-scans'] as const;

export const useRequiredScans = (isOpen: boolean) =>
  useQuery({
    queryKey: requiredScansKey,
    queryFn: ({ signal }) =>
      apiClient.get('/api/v2/job_types/required_scans/', jobTypeRequiredScansSchema.array(), signal),
    enabled: isOpen,
    meta: loadErrorMeta('The required scans could not be loaded'),
  });

/**
 * PUT /api/v2/job_types/{id}/required_scans/; the desk's reports follow (they are read again). The tick
 * shows at once; a refused save puts the table back as the server has it.
 */
export const useSetRequiredScans = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ jobTypeId, kinds }: { jobTypeId: number; kinds: ScanKind[] }) =>
      apiClient.request('PUT', `/api/v2/job_types/${jobTypeId}/required_scans/`, {
        body: { kinds },
        schema: jobTypeRequiredScansSchema,
        retrySafely: true,
      }),
    onMutate: ({ jobTypeId, kinds }) => {
      queryClient.setQueryData<JobTypeRequiredScans[]>(requiredScansKey, (rows) =>
        rows?.map((row) => (row.job_type_id === jobTypeId ? { ...row, kinds } : row)),
      );
    },
    onError: () => queryClient.invalidateQueries({ queryKey: requiredScansKey }),
    onSuccess: (saved: JobTypeRequiredScans) => {
      queryClient.setQueryData<JobTypeRequiredScans[]>(requiredScansKey, (rows) =>
        rows?.map((row) => (row.job_type_id === saved.job_type_id ? saved : row)),
      );
      void queryClient.invalidateQueries({ queryKey: checkInQueryKey, refetchType: 'active' });
    },
  });
};
