import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { partnerJobSchema, type PartnerJob, type PartnerMessage } from '@lab/domain';
import { keyLinkRequest, retryKeyLinkQuery } from '../../../lib/key-link-fetch';
import { partnerPath } from './partner-path';

// GET /api/v2/partner/{key}/: the one job the share key opens, with its files, messages and order forms.

export const partnerRefreshMs = 30_000;

export const partnerJobQueryKey = (outsourceKey: string) => ['partner', outsourceKey] as const;

export const getPartnerJob = (outsourceKey: string, signal?: AbortSignal): Promise<PartnerJob> =>
  keyLinkRequest('GET', partnerPath(outsourceKey), { schema: partnerJobSchema, signal });

export const partnerJobQueryOptions = (outsourceKey: string) =>
  queryOptions({
    queryKey: partnerJobQueryKey(outsourceKey),
    queryFn: ({ signal }) => getPartnerJob(outsourceKey, signal),
    retry: retryKeyLinkQuery,
    // The lab answers while the partner has the page open: poll while it is in front, and catch up when
    // the partner comes back to it.
    refetchInterval: partnerRefreshMs,
    refetchOnWindowFocus: true,
    // A page opened without a key has nothing to ask for.
    enabled: outsourceKey !== '',
  });

export const usePartnerJob = (outsourceKey: string) => useQuery(partnerJobQueryOptions(outsourceKey));

/** The job as a write answered it, in place of the cached one. */
export const putJobIntoCache = (queryClient: QueryClient, outsourceKey: string, job: PartnerJob) =>
  queryClient.setQueryData<PartnerJob>(partnerJobQueryKey(outsourceKey), job);

/** A posted message shows at once, before the reload. */
export const putMessageIntoCache = (
  queryClient: QueryClient,
  outsourceKey: string,
  message: PartnerMessage,
) =>
  queryClient.setQueryData<PartnerJob>(partnerJobQueryKey(outsourceKey), (job) =>
    job && !job.messages.some((item) => item.uid === message.uid)
      ? { ...job, messages: [...job.messages, message] }
      : job,
  );

export const refetchPartnerJob = (queryClient: QueryClient, outsourceKey: string) =>
  queryClient.invalidateQueries({ queryKey: partnerJobQueryKey(outsourceKey) });
