import { useMutation, useQueryClient } from '@tanstack/react-query';
import { printJobSchema, type PrintJob, type PrintRequest } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { printJobQueryKey } from './get-print-job';

/** POST /api/v2/case/{case_mkey}/print/: renders and queues the document; answers the print job. */
export const printCase = (caseMkey: string, body: PrintRequest): Promise<PrintJob> =>
  apiClient.post(`/api/v2/case/${encodeURIComponent(caseMkey)}/print/`, body, printJobSchema);

export const usePrintCase = (caseMkey: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PrintRequest) => printCase(caseMkey, body),
    onSuccess: (job) => queryClient.setQueryData(printJobQueryKey(job.id), job),
  });
};
