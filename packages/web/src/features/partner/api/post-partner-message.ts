import { useMutation, useQueryClient } from '@tanstack/react-query';
import { partnerMessageSchema, type PartnerMessage } from '@lab/domain';
import { keyLinkRequest } from '../../../lib/key-link-fetch';
import { putMessageIntoCache, refetchPartnerJob } from './get-partner-job';
import { partnerPath } from './partner-path';

// POST /api/v2/partner/{key}/message/ {message}.

export const postPartnerMessage = (outsourceKey: string, message: string): Promise<PartnerMessage> =>
  keyLinkRequest('POST', partnerPath(outsourceKey, 'message'), {
    body: { message: message.trim() },
    schema: partnerMessageSchema,
    retrySafely: true,
  });

/** On success the message shows at once and the job reloads (the lab may have answered meanwhile). */
export const usePostPartnerMessage = (outsourceKey: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => postPartnerMessage(outsourceKey, message),
    onSuccess: (message) => {
      putMessageIntoCache(queryClient, outsourceKey, message);
      void refetchPartnerJob(queryClient, outsourceKey);
    },
  });
};
