import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calendarProjectSchema, type CalendarProject, type MachineProjectStatus } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { machineCalendarRootKey, workQueueRootKey } from './production-query-keys';

/** POST /api/v2/machine_project/{id}/status/ {status}: Programming → Make Ready → Complete. */
export const changeProjectStatus = (id: number, status: MachineProjectStatus): Promise<CalendarProject> =>
  apiClient.post(`/api/v2/machine_project/${id}/status/`, { status }, calendarProjectSchema);

export const useChangeProjectStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: MachineProjectStatus }) =>
      changeProjectStatus(id, status),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: machineCalendarRootKey });
      await queryClient.invalidateQueries({ queryKey: workQueueRootKey });
    },
  });
};
