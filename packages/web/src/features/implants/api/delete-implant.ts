import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import { useRefreshImplants } from '../hooks/use-refresh-implants';
import { implantPath } from './implant-path';

// The server answers 204 with no body.
export const deleteImplant = (caseUid: string, implantId: number): Promise<null> =>
  apiClient.request('DELETE', implantPath(caseUid, implantId), { schema: z.null() });

export const useDeleteImplant = (collectionUid: string, caseUid: string) => {
  const refresh = useRefreshImplants(collectionUid, caseUid);
  return useMutation({
    mutationFn: (implantId: number) => deleteImplant(caseUid, implantId),
    onSettled: refresh,
  });
};
