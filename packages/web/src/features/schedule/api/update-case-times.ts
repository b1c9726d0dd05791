import { useMutation, useQueryClient } from '@tanstack/react-query';
import { scheduleSchema, type CaseActionName, type Schedule } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { collectionQueryKey } from '../../../lib/query-keys';
import { caseScheduleQueryKey } from './get-case-schedule';

// The wire form of update_times: caseActionSchema parses the promise date into a PromisedInput, so
// the schema's output type is not what is sent.
type UpdateTimesBody = {
  action: Extract<CaseActionName, 'update_times'>;
  new_start_time: string;
  new_promise_date: string | null;
};

export type UpdateCaseTimesRequest = {
  caseId: number;
  /** Australia/Melbourne local 'YYYY-MM-DDTHH:mm'. */
  newStartTime: string;
  /** A local date 'YYYY-MM-DD', or null for none. */
  newPromiseDate: string | null;
};

/** update_times answers the recomputed schedule (case-actions.ts). */
export const updateCaseTimes = ({ caseId, newStartTime, newPromiseDate }: UpdateCaseTimesRequest) => {
  const body: UpdateTimesBody = {
    action: 'update_times',
    new_start_time: newStartTime,
    new_promise_date: newPromiseDate,
  };
  return apiClient.postOnce<Schedule>(`/api/v2/case/${caseId}/`, body, scheduleSchema);
};

export const useUpdateCaseTimes = (collectionUid: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCaseTimes,
    onSuccess: async (schedule, { caseId }) => {
      queryClient.setQueryData(caseScheduleQueryKey(caseId), schedule);
      // The case's due times and promise changed too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: collectionQueryKey(collectionUid) }),
        queryClient.invalidateQueries({ queryKey: caseScheduleQueryKey(caseId) }),
      ]);
    },
  });
};
