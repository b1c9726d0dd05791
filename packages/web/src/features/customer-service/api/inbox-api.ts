import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { customerServiceInboxSchema, inboxItemStateSchema, type CustomerServiceInbox } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { customerServiceQueryKey } from '../../../lib/query-keys';
import { loadErrorMeta } from '../../../lib/query-meta';
import { useStreamStatus } from '../../../lib/stream-status';

// The Customer Service inbox's calls. While the page's live stream is up, a client's message
// (`client_waiting`) refreshes the inbox at once and the poll only confirms; without it, every 15 s.

const withoutStreamMs = 15_000;
const withStreamMs = 120_000;

export const useInbox = (branchId: number | null) => {
  const { isLive } = useStreamStatus();
  return useQuery({
    queryKey: [...customerServiceQueryKey, branchId],
    queryFn: ({ signal }): Promise<CustomerServiceInbox> =>
      apiClient.get(
        `/api/v2/customer_service/${branchId === null ? '' : `?branch_id=${branchId}`}`,
        customerServiceInboxSchema,
        signal,
      ),
    meta: loadErrorMeta('The Customer Service inbox could not be loaded'),
    placeholderData: keepPreviousData,
    refetchInterval: isLive ? withStreamMs : withoutStreamMs,
  });
};

const itemPath = (key: string) => `/api/v2/customer_service/items/${encodeURIComponent(key)}/`;

export const useAssignItem = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, assigneeId }: { key: string; assigneeId: number | null }) =>
      apiClient.request('PUT', itemPath(key), {
        body: { assignee_id: assigneeId },
        schema: inboxItemStateSchema,
        retrySafely: true,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: customerServiceQueryKey }),
  });
};

export const useMarkItemDone = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => apiClient.postOnce(`${itemPath(key)}done/`, {}, inboxItemStateSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: customerServiceQueryKey }),
  });
};
