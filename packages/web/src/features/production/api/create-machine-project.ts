import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calendarProjectSchema, type CalendarProject, type NewMachineProject } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { machineCalendarRootKey, workQueueRootKey } from './production-query-keys';

export type NewMachineProjectInput = Omit<NewMachineProject, 'duration_minutes'> & {
  duration_minutes?: number;
};

/** POST /api/v2/machine_projects/: programs a Pending project from cases in production. */
export const createMachineProject = (body: NewMachineProjectInput): Promise<CalendarProject> =>
  apiClient.post('/api/v2/machine_projects/', body, calendarProjectSchema);

export const useCreateMachineProject = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMachineProject,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: machineCalendarRootKey });
      await queryClient.invalidateQueries({ queryKey: workQueueRootKey });
    },
  });
};
