import { queryOptions, useQuery } from '@tanstack/react-query';
import { scheduleSchema, type Schedule } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';

/** Key of a case's schedule; changing the case's times invalidates it. */
export const caseScheduleQueryKey = (caseId: number) => ['case-schedule', caseId] as const;

export const getCaseSchedule = (caseId: number, signal?: AbortSignal): Promise<Schedule> =>
  apiClient.get(`/api/v2/case/${caseId}/schedule/`, scheduleSchema, signal);

// The spec names no load-failure text for the schedule, so a failure shows in the card, not the app bar.
export const caseScheduleQueryOptions = (caseId: number) =>
  queryOptions({
    queryKey: caseScheduleQueryKey(caseId),
    queryFn: ({ signal }) => getCaseSchedule(caseId, signal),
    retry: false,
  });

export const useCaseSchedule = (caseId: number) => useQuery(caseScheduleQueryOptions(caseId));
