import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CollectionCase } from '@lab/domain';
import { putCaseIntoCollection } from '../../../lib/collection-cache';

/** A file call that answers the case: the answer goes straight into the cached collection. */
export const useCaseFileMutation = <Variables>(
  collectionUid: string,
  call: (variables: Variables) => Promise<CollectionCase>,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (caseItem) => putCaseIntoCollection(queryClient, collectionUid, caseItem),
  });
};
