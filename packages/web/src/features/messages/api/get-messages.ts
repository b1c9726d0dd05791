import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { messageListSchema, messageLoadErrors, type Message } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { refreshIntervalMs } from '../../../lib/auto-refresh';
import { loadErrorMeta } from '../../../lib/query-meta';
import { collectionQueryKey } from '../../../lib/query-keys';
import { messagesPath } from '../../../lib/collection-paths';

/** GET /api/v2/collection/{uid}/messages/?extra-ref={client uid}: the collection's and the client's notes. */
export const getMessages = (
  collectionUid: string,
  clientUid: string,
  signal?: AbortSignal,
): Promise<Message[]> => apiClient.get(messagesPath(collectionUid, clientUid), messageListSchema, signal);

// Under the collection's key: whatever refreshes the collection (the 30 s refresh, a case action)
// refreshes its messages too.
export const messagesQueryKey = (collectionUid: string, clientUid: string) =>
  [...collectionQueryKey(collectionUid), 'messages', clientUid] as const;

export const messagesQueryOptions = (collectionUid: string, clientUid: string) =>
  queryOptions({
    queryKey: messagesQueryKey(collectionUid, clientUid),
    queryFn: ({ signal }) => getMessages(collectionUid, clientUid, signal),
    meta: loadErrorMeta(messageLoadErrors.messages),
    // Loaded ahead of the view (on idle, app/collection-page): fresh for one refresh period, so opening
    // the view shows them without loading them again; a change pushed by the live stream still does.
    staleTime: refreshIntervalMs,
  });

export const useMessages = (collectionUid: string, clientUid: string) =>
  useQuery(messagesQueryOptions(collectionUid, clientUid));

/** Puts a message answered by a PATCH into every cached message list of the collection. */
export const putMessageIntoCache = (queryClient: QueryClient, collectionUid: string, message: Message) => {
  queryClient.setQueriesData<Message[]>(
    { queryKey: [...collectionQueryKey(collectionUid), 'messages'] },
    (messages) => messages?.map((item) => (item.uid === message.uid ? message : item)),
  );
};
