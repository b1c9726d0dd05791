import { useMutation } from '@tanstack/react-query';
import { implantSchema, type Implant, type ImplantBody } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { useRefreshImplants } from '../hooks/use-refresh-implants';
import { implantPath } from './implant-path';

export const updateImplant = (caseUid: string, implantId: number, body: ImplantBody): Promise<Implant> =>
  apiClient.request('PUT', implantPath(caseUid, implantId), { body, schema: implantSchema });

export const useUpdateImplant = (collectionUid: string, caseUid: string) => {
  const refresh = useRefreshImplants(collectionUid, caseUid);
  return useMutation({
    mutationFn: ({ implantId, body }: { implantId: number; body: ImplantBody }) =>
      updateImplant(caseUid, implantId, body),
    onSettled: refresh,
  });
};
