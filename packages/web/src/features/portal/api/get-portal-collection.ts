import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { type PortalApproval, type PortalCollection, type PortalMessage } from '@lab/domain';
import { keyLinkRequest, retryKeyLinkQuery } from '../../../lib/key-link-fetch';
import { portalPath } from './portal-path';
import { portalCollectionParser } from './portal-schemas';

// GET /api/v2/customer/{key}/: everything the client may see of the one collection the key opens.

export const portalRefreshMs = 30_000;

export const portalCollectionQueryKey = (portalKey: string) => ['portal', portalKey] as const;

export const getPortalCollection = (portalKey: string, signal?: AbortSignal): Promise<PortalCollection> =>
  keyLinkRequest('GET', portalPath(portalKey), { schema: portalCollectionParser, signal });

export const portalCollectionQueryOptions = (portalKey: string) =>
  queryOptions({
    queryKey: portalCollectionQueryKey(portalKey),
    queryFn: ({ signal }) => getPortalCollection(portalKey, signal),
    retry: retryKeyLinkQuery,
    // The lab answers while the client has the page open (a reply, a new approval request): poll while
    // the page is in front, and catch up at once when the client comes back to it.
    refetchInterval: portalRefreshMs,
    refetchOnWindowFocus: true,
    // A page opened without a key has nothing to ask for.
    enabled: portalKey !== '',
  });

export const usePortalCollection = (portalKey: string) => useQuery(portalCollectionQueryOptions(portalKey));

const updateCollection = (
  queryClient: QueryClient,
  portalKey: string,
  update: (collection: PortalCollection) => PortalCollection,
) =>
  queryClient.setQueryData<PortalCollection>(portalCollectionQueryKey(portalKey), (collection) =>
    collection ? update(collection) : collection,
  );

/** An approval as an answer returned it, in place of the listed one. */
export const putApprovalIntoCache = (queryClient: QueryClient, portalKey: string, approval: PortalApproval) =>
  updateCollection(queryClient, portalKey, (collection) => ({
    ...collection,
    approvals: collection.approvals.map((item) => (item.uid === approval.uid ? approval : item)),
  }));

/** A message as a post or a read receipt returned it: replaced, or added when new. */
export const putMessageIntoCache = (queryClient: QueryClient, portalKey: string, message: PortalMessage) =>
  updateCollection(queryClient, portalKey, (collection) => ({
    ...collection,
    messages: collection.messages.some((item) => item.uid === message.uid)
      ? collection.messages.map((item) => (item.uid === message.uid ? message : item))
      : [...collection.messages, message],
  }));

export const refetchPortalCollection = (queryClient: QueryClient, portalKey: string) =>
  queryClient.invalidateQueries({ queryKey: portalCollectionQueryKey(portalKey) });
