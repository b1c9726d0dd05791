import { useMutation } from '@tanstack/react-query';
import { keyValueAnswerSchema, type KeyValueAnswer } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';

/** POST /api/v2/key_value/ {value} → {key}: the helper reads the value by the key in its link. */
export const postKeyValue = (value: string): Promise<KeyValueAnswer> =>
  apiClient.post('/api/v2/key_value/', { value }, keyValueAnswerSchema);

export const usePostKeyValue = () => useMutation({ mutationFn: postKeyValue });
