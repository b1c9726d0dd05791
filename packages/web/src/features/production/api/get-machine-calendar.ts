import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { machineCalendarSchema, productionMessages, type MachineCalendar } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { loadErrorMeta } from '../../../lib/query-meta';
import { machineCalendarQueryKey } from './production-query-keys';

export type CalendarRange = { branch: number | null; start: string; end: string };

/** GET /api/v2/machines/calendar/?branch=&start=&end= (no branch: the user's own). */
export const getMachineCalendar = (range: CalendarRange, signal?: AbortSignal): Promise<MachineCalendar> => {
  const query = new URLSearchParams({ start: range.start, end: range.end });
  if (range.branch !== null) query.set('branch', String(range.branch));
  return apiClient.get(`/api/v2/machines/calendar/?${query.toString()}`, machineCalendarSchema, signal);
};

export const machineCalendarQueryOptions = (range: CalendarRange) =>
  queryOptions({
    queryKey: machineCalendarQueryKey(range),
    queryFn: ({ signal }) => getMachineCalendar(range, signal),
    meta: loadErrorMeta(productionMessages.calendarLoadFailed),
    // The week shown stays while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useMachineCalendar = (range: CalendarRange) => useQuery(machineCalendarQueryOptions(range));
