import { apiClient } from '../../lib/api-client';
import { collectionPath, communicationsPath, messagesPath } from '../../lib/collection-paths';
import { isCollectionView, readCollectionPageState } from './collection-params';

// A collection page opened on a collection asks for its data as soon as its entry script runs, beside
// the download of the workspace's code and the first render (on a slow PC, a second before the queries
// would): the collection, and on Notes & Messages its messages once the collection names the client.
// The queries then take these answers (apiClient.startGet) and check them against their schemas.

const shippingClientUid = (collection: unknown): string | null => {
  const client = (collection as { shipping_client?: { uid?: unknown } } | null)?.shipping_client;
  return typeof client?.uid === 'string' ? client.uid : null;
};

export const startCollectionData = (search: string): void => {
  const state = readCollectionPageState(new URLSearchParams(search));
  if (state.uid === null || !isCollectionView(state.view)) return;
  const uid = state.uid;
  const isMessagesView = state.view === 'messages';
  void apiClient.startGet(collectionPath(uid), isMessagesView).then((collection) => {
    const clientUid = shippingClientUid(collection);
    if (!isMessagesView || clientUid === null) return;
    void apiClient.startGet(messagesPath(uid, clientUid));
    void apiClient.startGet(communicationsPath(uid));
  });
};
