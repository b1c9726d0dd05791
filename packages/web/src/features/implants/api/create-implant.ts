import { useMutation } from '@tanstack/react-query';
import { implantSchema, type Implant, type ImplantBody } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { useRefreshImplants } from '../hooks/use-refresh-implants';

export const createImplant = (caseUid: string, body: ImplantBody): Promise<Implant> =>
  apiClient.postOnce(`/api/v2/case/${encodeURIComponent(caseUid)}/implants/`, body, implantSchema);

export const useCreateImplant = (collectionUid: string, caseUid: string) => {
  const refresh = useRefreshImplants(collectionUid, caseUid);
  return useMutation({ mutationFn: (body: ImplantBody) => createImplant(caseUid, body), onSettled: refresh });
};
