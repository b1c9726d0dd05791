import { queryOptions, useQuery } from '@tanstack/react-query';
import { implantSchema, type Implant } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { caseImplantsQueryKey } from './implant-query-keys';

export const getCaseImplants = (caseUid: string, signal?: AbortSignal): Promise<Implant[]> =>
  apiClient.get(`/api/v2/case/${encodeURIComponent(caseUid)}/implants/`, implantSchema.array(), signal);

// The collection already carries the case's implants: they show at once and this call keeps them fresh.
export const caseImplantsQueryOptions = (caseUid: string, initial: Implant[]) =>
  queryOptions({
    queryKey: caseImplantsQueryKey(caseUid),
    queryFn: ({ signal }) => getCaseImplants(caseUid, signal),
    placeholderData: initial,
  });

export const useCaseImplants = (caseUid: string, initial: Implant[]) =>
  useQuery(caseImplantsQueryOptions(caseUid, initial));
