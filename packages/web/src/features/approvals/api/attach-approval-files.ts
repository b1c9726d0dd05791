import { useMutation, useQueryClient } from '@tanstack/react-query';
import { collectionApprovalSchema, type CollectionApproval } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { putApprovalIntoCollection } from './approval-cache';

/** POST /api/v2/approval/{uid}/attach/ (multipart, one `files` part per file). */
export const attachApprovalFiles = (
  approvalUid: string,
  files: readonly File[],
): Promise<CollectionApproval> => {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return apiClient.request('POST', `/api/v2/approval/${encodeURIComponent(approvalUid)}/attach/`, {
    body: form,
    schema: collectionApprovalSchema,
  });
};

export const useAttachApprovalFiles = (collectionUid: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ approvalUid, files }: { approvalUid: string; files: readonly File[] }) =>
      attachApprovalFiles(approvalUid, files),
    onSuccess: (approval) => putApprovalIntoCollection(queryClient, collectionUid, approval),
  });
};
