import { useMutation } from '@tanstack/react-query';
import { messageSchema, type Message, type PostMessageFields } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { toMessageFormData } from '../message-fields';

/** POST /api/v2/messages/ (multipart, empty values omitted, oft_attachments repeated). */
export const postMessage = (fields: PostMessageFields): Promise<Message> =>
  apiClient.request('POST', '/api/v2/messages/', {
    body: toMessageFormData(fields),
    schema: messageSchema,
    retrySafely: true,
  });

export const usePostMessage = () => useMutation({ mutationFn: postMessage });
