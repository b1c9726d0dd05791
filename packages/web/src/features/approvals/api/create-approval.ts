import { useMutation, useQueryClient } from '@tanstack/react-query';
import { collectionApprovalSchema, type CollectionApproval } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { putApprovalIntoCollection } from './approval-cache';

export type NewApprovalRequest = {
  approval_type: string;
  case_uid: string;
  /** An ISO instant. */
  approval_due_at: string;
  send_reminders: boolean;
  message: string;
  files: readonly File[];
};

/** POST /api/v2/approvals/ (multipart): the fields, then one `files` part per file. */
export const createApproval = (request: NewApprovalRequest): Promise<CollectionApproval> => {
  const form = new FormData();
  form.append('approval_type', request.approval_type);
  form.append('case_uid', request.case_uid);
  form.append('approval_due_at', request.approval_due_at);
  form.append('send_reminders', request.send_reminders ? 'true' : 'false');
  form.append('message', request.message);
  for (const file of request.files) form.append('files', file, file.name);
  return apiClient.request('POST', '/api/v2/approvals/', { body: form, schema: collectionApprovalSchema });
};

export const useCreateApproval = (collectionUid: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApproval,
    onSuccess: (approval) => putApprovalIntoCollection(queryClient, collectionUid, approval),
  });
};
