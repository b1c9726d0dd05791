import { useMutation } from '@tanstack/react-query';
import { implantSchema, type Implant, type ImplantPatch } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { useRefreshImplants } from '../hooks/use-refresh-implants';
import { implantPath } from './implant-path';

/** Turns one option on: `{engaging: true}` or `{bi_axial: true}`. */
export const patchImplant = (caseUid: string, implantId: number, patch: ImplantPatch): Promise<Implant> =>
  apiClient.request('PATCH', implantPath(caseUid, implantId), { body: patch, schema: implantSchema });

export const usePatchImplant = (collectionUid: string, caseUid: string) => {
  const refresh = useRefreshImplants(collectionUid, caseUid);
  return useMutation({
    mutationFn: ({ implantId, patch }: { implantId: number; patch: ImplantPatch }) =>
      patchImplant(caseUid, implantId, patch),
    onSettled: refresh,
  });
};
