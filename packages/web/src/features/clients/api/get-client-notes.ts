import { queryOptions, useQuery } from '@tanstack/react-query';
import { clientLoadErrors, messageListSchema, type Message } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { loadErrorMeta } from '../../../lib/query-meta';
import { clientQueryKey } from './client-query-keys';

/** GET /api/v2/client/{id}/notes/: the client's CLIENT_NOTEs, newest first. */
export const getClientNotes = (id: number, signal?: AbortSignal): Promise<Message[]> =>
  apiClient.get(`/api/v2/client/${id}/notes/`, messageListSchema, signal);

export const clientNotesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...clientQueryKey(id), 'notes'],
    queryFn: ({ signal }) => getClientNotes(id, signal),
    meta: loadErrorMeta(clientLoadErrors.notes),
  });

export const useClientNotes = (id: number) => useQuery(clientNotesQueryOptions(id));
