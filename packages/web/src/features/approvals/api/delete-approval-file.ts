import { useMutation, useQueryClient } from '@tanstack/react-query';
import { collectionApprovalSchema, type CollectionApproval } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { putApprovalIntoCollection } from './approval-cache';

/** DELETE /api/v2/approval/file/{id}/: answers the approval without the file. */
export const deleteApprovalFile = (fileId: number): Promise<CollectionApproval> =>
  apiClient.request('DELETE', `/api/v2/approval/file/${fileId}/`, { schema: collectionApprovalSchema });

export const useDeleteApprovalFile = (collectionUid: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: number) => deleteApprovalFile(fileId),
    onSuccess: (approval) => putApprovalIntoCollection(queryClient, collectionUid, approval),
  });
};
