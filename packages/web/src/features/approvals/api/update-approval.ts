import { useMutation, useQueryClient } from '@tanstack/react-query';
import { collectionApprovalSchema, type CollectionApproval } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { putApprovalIntoCollection } from './approval-cache';

export type ApprovalAction = 'approve' | 'cancel' | 'cancel_reminders';

/** PATCH /api/v2/approval/{uid}/ with {action}: approve on the client's behalf, cancel, stop reminders. */
export const updateApproval = (approvalUid: string, action: ApprovalAction): Promise<CollectionApproval> =>
  apiClient.request('PATCH', `/api/v2/approval/${encodeURIComponent(approvalUid)}/`, {
    body: { action },
    schema: collectionApprovalSchema,
  });

export const useUpdateApproval = (collectionUid: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ approvalUid, action }: { approvalUid: string; action: ApprovalAction }) =>
      updateApproval(approvalUid, action),
    onSuccess: (approval) => putApprovalIntoCollection(queryClient, collectionUid, approval),
  });
};
