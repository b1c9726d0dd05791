import { useQuery } from '@tanstack/react-query';
import { caseShortagesSchema, type CaseShortages } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';

/**
 * GET /api/v2/gauge_mrp/shortages/case/{case_uid}/: the parts this case will lack once the branch's stock
 * goes to the open cases by due time. One query per case, shared by its implant card's chips; under the
 * 'stock' key, so a stock change anywhere in the page refreshes it. A failure shows nothing, as the chip.
 */
export const useCaseShortages = (caseUid: string | undefined) =>
  useQuery({
    queryKey: ['stock', 'case-shortages', caseUid],
    queryFn: ({ signal }): Promise<CaseShortages> =>
      apiClient.get(`/api/v2/gauge_mrp/shortages/case/${caseUid ?? ''}/`, caseShortagesSchema, signal),
    enabled: caseUid !== undefined,
    staleTime: 60_000,
    retry: false,
  });
