import { useMutation } from '@tanstack/react-query';
import { scheduleSchema, type Schedule } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';

export type CaseTimesPreviewRequest = {
  case_id: number;
  /** Australia/Melbourne local 'YYYY-MM-DDTHH:mm', as update_times takes it. */
  start_time: string;
  /** A local date 'YYYY-MM-DD', or null for none. */
  date_promised: string | null;
};

/** The schedule the case would get with the new times (POST /api/v2/case/schedule/); nothing is saved. */
export const previewCaseTimes = (request: CaseTimesPreviewRequest): Promise<Schedule> =>
  apiClient.post('/api/v2/case/schedule/', request, scheduleSchema);

export const usePreviewCaseTimes = () => useMutation({ mutationFn: previewCaseTimes });
