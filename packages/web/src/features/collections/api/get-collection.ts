import { queryOptions, useQuery } from '@tanstack/react-query';
import { collectionLoadErrors, collectionSchema, type Collection } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { loadErrorMeta } from '../../../lib/query-meta';
import { collectionQueryKey } from '../../../lib/query-keys';
import { collectionPath } from '../../../lib/collection-paths';

export const getCollection = (uid: string, signal?: AbortSignal): Promise<Collection> =>
  apiClient.get(collectionPath(uid), collectionSchema, signal);

export const collectionQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: collectionQueryKey(uid),
    queryFn: ({ signal }) => getCollection(uid, signal),
    meta: loadErrorMeta(collectionLoadErrors.collection),
    retry: false,
  });

export const useCollection = (uid: string) => useQuery(collectionQueryOptions(uid));
