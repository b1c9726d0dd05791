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
import { checkInListsQueryKey, checkInPreflightQueryKey, checkInQueryKey } from '../../../lib/query-keys';
import { loadErrorMeta } from '../../../lib/query-meta';
import { useStreamStatus } from '../../../lib/stream-status';

// The Check-in desk's calls: its three lists per branch, a case's pre-flight report, and Check in.
// While the page's live stream is up, a new order (`order_arrived`) and a change to a collection the desk
// shows (a scan arriving, a colleague's Check in) refresh them at once, and the polls only confirm;
// without it, the lists are asked every 5 s.

/** How often the desk asks again without the live stream: a new order shows within this. */
export const checkInRefreshMs = 5_000;
/** With the stream, which pushes each change: a safety net. */
const confirmingRefreshMs = 60_000;

const useRefreshMs = (withoutStreamMs: number): number =>
  useStreamStatus().isLive ? Math.max(withoutStreamMs, confirmingRefreshMs) : withoutStreamMs;

/** The lists of `branchId`, or of the employee's own branch while none is chosen. */
export const checkInListsQueryOptions = (branchId: number | null, refetchMs = checkInRefreshMs) =>
  queryOptions({
    queryKey: [...checkInListsQueryKey, branchId],
    queryFn: ({ signal }): Promise<CheckInLists> =>
      apiClient.get(
        `/api/v2/checkin/${branchId === null ? '' : `?branch_id=${branchId}`}`,
        checkInListsSchema,
        signal,
      ),
    meta: loadErrorMeta('The Check-in lists could not be loaded'),
    placeholderData: keepPreviousData,
    refetchInterval: refetchMs,
  });

export const useCheckInLists = (branchId: number | null) =>
  useQuery(checkInListsQueryOptions(branchId, useRefreshMs(checkInRefreshMs)));

/**
 * A case's report: without the stream the open one is asked every 5 s (its files may still be
 * arriving), a row's chip every 30 s.
 */
export const usePreflight = (
  row: { collection_uid: string; case_uid: string },
  withoutStreamMs = checkInRefreshMs,
) =>
  useQuery({
    queryKey: checkInPreflightQueryKey(row.collection_uid, row.case_uid),
    queryFn: ({ signal }): Promise<PreflightReport> =>
      apiClient.get(`/api/v2/case/${row.case_uid}/preflight/`, preflightReportSchema, signal),
    meta: loadErrorMeta('The pre-flight report could not be loaded'),
    refetchInterval: useRefreshMs(withoutStreamMs),
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checkInQueryKey }),
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
