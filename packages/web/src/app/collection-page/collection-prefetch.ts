import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { collectionQueryOptions } from '../../features/collections/api/get-collection';
import { communicationsQueryOptions } from '../../features/messages/api/get-communications';
import { messagesQueryOptions } from '../../features/messages/api/get-messages';
import { backgroundMeta } from '../../lib/query-meta';

// A view's data starts loading as soon as its address is known, beside the download of the view's code,
// with the very query options the view reads (so the view finds them cached). Loaded lazily by the page:
// the schemas behind these options stay off the search view's first download.

/** The collection of the page's address, while the workspace's code is still on its way. */
export const prefetchCollection = (queryClient: QueryClient, uid: string): Promise<void> =>
  queryClient.prefetchQuery(collectionQueryOptions(uid));

/**
 * Loads a query no view shows yet, unseen: it spins no loader (background meta, which the view's own
 * options replace once it shows the query), and a failure is forgotten rather than listed in the app
 * bar for a view that is not open (opening the view asks again and shows its error there).
 */
const prefetchUnseen = async <T, K extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<T, Error, T, K>,
): Promise<void> => {
  await queryClient.prefetchQuery({ ...options, meta: { ...options.meta, ...backgroundMeta } });
  const cache = queryClient.getQueryCache();
  const query = cache.find({ queryKey: options.queryKey, exact: true });
  if (query?.state.status === 'error' && query.getObserversCount() === 0) cache.remove(query);
};

/** The Notes & Messages view's messages and communications of an open collection. */
export const prefetchMessages = async (
  queryClient: QueryClient,
  collectionUid: string,
  clientUid: string,
): Promise<void> => {
  await Promise.all([
    prefetchUnseen(queryClient, messagesQueryOptions(collectionUid, clientUid)),
    prefetchUnseen(queryClient, communicationsQueryOptions(collectionUid)),
  ]);
};

/**
 * The messages of a collection whose Notes & Messages view is opening: they start as soon as the
 * collection has loaded (it names the shipping client), not once the workspace has rendered it.
 */
export const prefetchMessagesOfCollection = async (
  queryClient: QueryClient,
  collectionUid: string,
): Promise<void> => {
  // A collection that fails to load shows its error in the workspace; there are no messages to load.
  const collection = await queryClient
    .ensureQueryData(collectionQueryOptions(collectionUid))
    .catch(() => null);
  if (collection) await prefetchMessages(queryClient, collection.uid, collection.shipping_client.uid);
};
