import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calendarProjectSchema, type CalendarProject, type MoveMachineProject } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { machineCalendarRootKey } from './production-query-keys';

/** PATCH /api/v2/machine_project/{id}/ {start_time?, machine_id?}: the server rounds to 5 minutes. */
export const moveMachineProject = (id: number, body: MoveMachineProject): Promise<CalendarProject> =>
  apiClient.request('PATCH', `/api/v2/machine_project/${id}/`, { body, schema: calendarProjectSchema });

export const useMoveMachineProject = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: MoveMachineProject }) => moveMachineProject(id, body),
    // Refused or not, the calendar shows what the server holds.
    onSettled: () => queryClient.invalidateQueries({ queryKey: machineCalendarRootKey }),
  });
};
