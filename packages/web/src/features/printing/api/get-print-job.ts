import { queryOptions, useQuery } from '@tanstack/react-query';
import { printJobSchema, type PrintJob } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';

/** How often the dialog asks again while the job waits for its printer. */
export const printJobPollMs = 1_000;

export const printJobQueryKey = (id: number) => ['print-jobs', id] as const;

export const getPrintJob = (id: number, signal?: AbortSignal): Promise<PrintJob> =>
  apiClient.get(`/api/v2/print_jobs/${id}/`, printJobSchema, signal);

/** GET /api/v2/print_jobs/{id}/, polled while the job is queued (sent, failed and kept are final). */
export const printJobQueryOptions = (id: number) =>
  queryOptions({
    queryKey: printJobQueryKey(id),
    queryFn: ({ signal }) => getPrintJob(id, signal),
    refetchInterval: (query) => (query.state.data?.status === 'queued' ? printJobPollMs : false),
  });

export const usePrintJob = (id: number | null) =>
  useQuery({ ...printJobQueryOptions(id ?? 0), enabled: id !== null });
