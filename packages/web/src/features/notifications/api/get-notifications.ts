import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { notificationListSchema, type Notification } from '@lab/domain';
import { apiClient, isApiError } from '../../../lib/api-client';
import { backgroundMeta } from '../../../lib/query-meta';

export const notificationsQueryKey = ['notifications'] as const;

export const getNotifications = (signal?: AbortSignal): Promise<Notification[]> =>
  apiClient.get('/api/v2/messages/notifications/', notificationListSchema, signal);

/**
 * GET /api/v2/messages/notifications/. The bell polls it itself (30 s while the window has focus), so
 * the page's refresh and the loader leave it alone, and a failure is ignored (collection-views §8): the
 * list on screen stays. A 304 (the server's ETag matched) means the list we hold is still right.
 */
export const notificationsQueryOptions = (queryClient: QueryClient) =>
  queryOptions({
    queryKey: notificationsQueryKey,
    queryFn: async ({ signal }) => {
      try {
        return await getNotifications(signal);
      } catch (error) {
        if (isApiError(error) && error.status === 304) {
          return queryClient.getQueryData<Notification[]>(notificationsQueryKey) ?? [];
        }
        throw error;
      }
    },
    meta: backgroundMeta,
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export const useNotifications = () => {
  const queryClient = useQueryClient();
  return useQuery(notificationsQueryOptions(queryClient));
};
