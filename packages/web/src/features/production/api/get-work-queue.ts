import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { productionMessages, workQueueSchema, type WorkQueue, type WorkQueueDepartment } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { loadErrorMeta } from '../../../lib/query-meta';
import { workQueueRootKey } from './production-query-keys';

export type WorkQueueFilter = {
  department: WorkQueueDepartment;
  branch: number | null;
  /** An employee id, 'none' (Awaiting Delegation) or null for everyone. */
  delegate: number | 'none' | null;
  status: number | null;
};

/** GET /api/v2/work_queue/?department=&branch=&delegate=&status=. */
export const getWorkQueue = (filter: WorkQueueFilter, signal?: AbortSignal): Promise<WorkQueue> => {
  const query = new URLSearchParams({ department: filter.department });
  if (filter.branch !== null) query.set('branch', String(filter.branch));
  if (filter.delegate !== null) query.set('delegate', String(filter.delegate));
  if (filter.status !== null) query.set('status', String(filter.status));
  return apiClient.get(`/api/v2/work_queue/?${query.toString()}`, workQueueSchema, signal);
};

export const workQueueQueryOptions = (filter: WorkQueueFilter) =>
  queryOptions({
    queryKey: [...workQueueRootKey, filter],
    queryFn: ({ signal }) => getWorkQueue(filter, signal),
    meta: loadErrorMeta(productionMessages.queueLoadFailed),
    placeholderData: keepPreviousData,
  });

export const useWorkQueue = (filter: WorkQueueFilter) => useQuery(workQueueQueryOptions(filter));
