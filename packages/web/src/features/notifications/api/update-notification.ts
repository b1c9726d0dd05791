import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationAction } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { notificationsQueryKey } from './get-notifications';

// The answer is not shown in the spec and not used: whatever body (or none) comes back will do.
const anyAnswer = { parse: (): void => undefined };

/** PATCH /api/v2/messages/notification/{notification_uid}/acknowledge | dismiss | ignore. */
export const updateNotification = (notificationUid: string, action: NotificationAction): Promise<void> =>
  apiClient.request(
    'PATCH',
    `/api/v2/messages/notification/${encodeURIComponent(notificationUid)}/${action}`,
    { schema: anyAnswer },
  );

export const useUpdateNotification = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ notificationUid, action }: { notificationUid: string; action: NotificationAction }) =>
      updateNotification(notificationUid, action),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
};
