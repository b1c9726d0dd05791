import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  clientIdentificationSchema,
  type AddIdentificationBody,
  type ClientIdentification,
} from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { clientIdentificationsQueryKey } from './get-client-identifications';

/** POST /api/v2/client/{id}/identifications/ {kind, value}: answers the stored identification. */
export const addClientIdentification = (
  id: number,
  body: AddIdentificationBody,
): Promise<ClientIdentification> =>
  apiClient.post(`/api/v2/client/${id}/identifications/`, body, clientIdentificationSchema);

export const useAddClientIdentification = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddIdentificationBody) => addClientIdentification(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientIdentificationsQueryKey(id) }),
  });
};
