import { queryOptions, useQuery } from '@tanstack/react-query';
import { emailInfoSchema, type EmailInfo } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';

/** GET /api/v2/communications/{id}: the e-mail's address, state, opens and clicks, or {error}. */
export const getEmailInfo = (id: number, signal?: AbortSignal): Promise<EmailInfo> =>
  apiClient.get(`/api/v2/communications/${id}`, emailInfoSchema, signal);

// Asked for when the card is opened; a failure shows in the card itself, not in the app bar.
export const emailInfoQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['communications', id] as const,
    queryFn: ({ signal }) => getEmailInfo(id, signal),
    retry: false,
  });

export const useEmailInfo = (id: number, isEnabled: boolean) =>
  useQuery({ ...emailInfoQueryOptions(id), enabled: isEnabled });
