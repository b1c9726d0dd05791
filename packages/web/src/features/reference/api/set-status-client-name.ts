import { useMutation, useQueryClient } from '@tanstack/react-query';
import { statusSchema, type Status } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { statusesQueryOptions } from './get-statuses';

/** PUT /api/v2/case/statuses/{id}/client_name/ (administrators): the name clients see; null, the status's. */
export const setStatusClientName = (statusId: number, clientName: string | null): Promise<Status> =>
  apiClient.request('PUT', `/api/v2/case/statuses/${statusId}/client_name/`, {
    body: { client_name: clientName },
    schema: statusSchema,
    retrySafely: true,
  });

/** Saves one status's client-facing name and puts the answer into the statuses list. */
export const useSetStatusClientName = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ statusId, clientName }: { statusId: number; clientName: string | null }) =>
      setStatusClientName(statusId, clientName),
    onSuccess: (saved) => {
      queryClient.setQueryData<Status[]>(statusesQueryOptions().queryKey, (rows) =>
        rows?.map((row) => (row.id === saved.id ? saved : row)),
      );
    },
  });
};
