import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  checkInListsSchema,
  informationRequestAnswerSchema,
  preflightReportSchema,
  type CheckInLists,
  type InformationRequest,
  type PreflightReport,
} from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { loadErrorMeta } from '../../../lib/query-meta';

// The Check-in desk's calls: its three lists per branch, a case's pre-flight report, and Check in.

const checkInRootKey = ['checkin'] as const;

/** How often the desk asks again: a new order shows within this. */
export const checkInRefreshMs = 5_000;

/** The lists of `branchId`, or of the employee's own branch while none is chosen. */
export const checkInListsQueryOptions = (branchId: number | null) =>
  queryOptions({
    queryKey: [...checkInRootKey, 'lists', branchId],
    queryFn: ({ signal }): Promise<CheckInLists> =>
      apiClient.get(
        `/api/v2/checkin/${branchId === null ? '' : `?branch_id=${branchId}`}`,
        checkInListsSchema,
        signal,
      ),
    meta: loadErrorMeta('The Check-in lists could not be loaded'),
    placeholderData: keepPreviousData,
    refetchInterval: checkInRefreshMs,
  });

export const useCheckInLists = (branchId: number | null) => useQuery(checkInListsQueryOptions(branchId));

/** A case's report: the open one is asked every 5 s (its files may still be arriving), a row's chip every 30 s. */
export const usePreflight = (caseUid: string | null, refetchMs = checkInRefreshMs) =>
  useQuery({
    queryKey: [...checkInRootKey, 'preflight', caseUid],
    queryFn: ({ signal }): Promise<PreflightReport> =>
      apiClient.get(`/api/v2/case/${caseUid ?? ''}/preflight/`, preflightReportSchema, signal),
    enabled: caseUid !== null,
    meta: loadErrorMeta('The pre-flight report could not be loaded'),
    refetchInterval: refetchMs,
  });

/** POST /api/v2/case/{case_uid}/check_in/ (safe to send again: a second Check in is refused, not made). */
export const useCheckIn = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ caseUid, overrideReason }: { caseUid: string; overrideReason?: string }) =>
      apiClient.postOnce(
        `/api/v2/case/${caseUid}/check_in/`,
        overrideReason ? { override_reason: overrideReason } : {},
        preflightReportSchema,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checkInRootKey }),
  });
};

/** POST /api/v2/case/{case_uid}/request_information/: the clinic is asked (portal and e-mail). */
export const useRequestInformation = () =>
  useMutation({
    mutationFn: ({ caseUid, request }: { caseUid: string; request: InformationRequest }) =>
      apiClient.postOnce(
        `/api/v2/case/${caseUid}/request_information/`,
        request,
        informationRequestAnswerSchema,
      ),
  });
