import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { collectionQueryKey } from '../../../lib/query-keys';
import { caseImplantsQueryKey } from '../api/implant-query-keys';

/** After any implant change: the collection (cards, tabs, audit) and the case's implant list reload. */
export const useRefreshImplants = (collectionUid: string, caseUid: string) => {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: collectionQueryKey(collectionUid) }),
        queryClient.invalidateQueries({ queryKey: caseImplantsQueryKey(caseUid) }),
      ]),
    [queryClient, collectionUid, caseUid],
  );
};
