import { useMutation, useQueryClient } from '@tanstack/react-query';
import { partnerJobSchema, type PartnerJob } from '@lab/domain';
import { keyLinkRequest } from '../../../lib/key-link-fetch';
import { putJobIntoCache, refetchPartnerJob } from './get-partner-job';
import { partnerPath } from './partner-path';

// POST /api/v2/partner/{key}/complete/ → the job, now in Review for the lab.

export const completePartnerJob = (outsourceKey: string): Promise<PartnerJob> =>
  keyLinkRequest('POST', partnerPath(outsourceKey, 'complete'), { schema: partnerJobSchema });

export const useCompletePartnerJob = (outsourceKey: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => completePartnerJob(outsourceKey),
    onSuccess: (job) => putJobIntoCache(queryClient, outsourceKey, job),
    // A refusal (already completed, ended meanwhile) means the page is behind: show the job as it is.
    onError: () => void refetchPartnerJob(queryClient, outsourceKey),
  });
};
