import { z } from 'zod';
import { fileLinkAnswerSchema } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';

// Message attachments on the shared storage (collection-views §7): a one-time address to view one, and
// the image editor's blur_attachment / restore_attachment.

const attachmentPath = (uid: string) => `/api/v2/messages/attachments/${uid}/`;

export const attachmentAnswerSchema = z.object({
  uid: z.string(),
  file_name: z.string(),
  blurred: z.boolean(),
});
export type AttachmentAnswer = z.infer<typeof attachmentAnswerSchema>;

export const fetchAttachmentLink = async (uid: string): Promise<string> =>
  (await apiClient.get(attachmentPath(uid), fileLinkAnswerSchema)).url;

export const blurAttachment = (
  uid: string,
  message: { messageUid: string; fileName: string },
  png: Blob,
): Promise<AttachmentAnswer> => {
  const form = new FormData();
  form.append('action', 'blur_attachment');
  form.append('ref_id', message.messageUid);
  form.append('filename', message.fileName);
  form.append('files', png, 'edited.png');
  return apiClient.request('POST', attachmentPath(uid), { body: form, schema: attachmentAnswerSchema });
};

export const restoreAttachment = (uid: string, messageUid: string): Promise<AttachmentAnswer> =>
  apiClient.post(
    attachmentPath(uid),
    { action: 'restore_attachment', ref_id: messageUid },
    attachmentAnswerSchema,
  );
