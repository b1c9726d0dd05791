import { useMutation, useQueryClient } from '@tanstack/react-query';
import { approvalActionNeedsChanges, type PortalApproval, type PortalApprovalAction } from '@lab/domain';
import { keyLinkRequest } from '../../../lib/key-link-fetch';
import { putApprovalIntoCache, refetchPortalCollection } from './get-portal-collection';
import { portalPath } from './portal-path';
import { portalApprovalAnswerParser } from './portal-schemas';

// POST /api/v2/customer/{key}/approval/{approval_uid}/ (multipart: action, changes, repeated files).

export type ApprovalAnswer = {
  approvalUid: string;
  action: PortalApprovalAction;
  changes: string;
  files: readonly File[];
};

export const answerApproval = (portalKey: string, answer: ApprovalAnswer): Promise<PortalApproval> => {
  const form = new FormData();
  // Text fields first: the server reads them before it stores any file.
  form.append('action', answer.action);
  if (approvalActionNeedsChanges(answer.action)) {
    form.append('changes', answer.changes.trim());
    for (const file of answer.files) form.append('files', file, file.name);
  }
  return keyLinkRequest('POST', portalPath(portalKey, 'approval', answer.approvalUid), {
    body: form,
    schema: portalApprovalAnswerParser,
  });
};

/**
 * The card shows the new status from the answer at once; the collection then reloads, because an answer
 * also changes the case chips, the Action Required banner and the messages.
 */
export const useAnswerApproval = (portalKey: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: ApprovalAnswer) => answerApproval(portalKey, answer),
    onSuccess: (approval) => {
      putApprovalIntoCache(queryClient, portalKey, approval);
      void refetchPortalCollection(queryClient, portalKey);
    },
    // 409: answered elsewhere meanwhile (another tab, the lab): show how it stands now.
    onError: () => void refetchPortalCollection(queryClient, portalKey),
  });
};
