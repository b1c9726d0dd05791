import { queryOptions, useQuery } from '@tanstack/react-query';
import { scheduleSchema, type Schedule } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';

export type SchedulePreviewInput = {
  branch_id: number;
  job_type_id: number;
  /** A local date (YYYY-MM-DD) or null. */
  date_promised: string | null;
};

/** POST /api/v2/case/schedule/: the schedule a new component would get if it started now. */
export const previewSchedule = (input: SchedulePreviewInput, signal?: AbortSignal): Promise<Schedule> =>
  apiClient.post('/api/v2/case/schedule/', input, scheduleSchema, signal);

export const schedulePreviewQueryOptions = (input: SchedulePreviewInput | null) =>
  queryOptions({
    queryKey: ['schedule', 'preview', input],
    queryFn: ({ signal }) => (input ? previewSchedule(input, signal) : Promise.reject(new Error('No input'))),
    enabled: input !== null,
    retry: false,
  });

/** The Add Component form's preview; idle until a branch and a job type are known. */
export const useSchedulePreview = (input: SchedulePreviewInput | null) =>
  useQuery(schedulePreviewQueryOptions(input));
