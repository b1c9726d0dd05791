import { queryOptions, useQuery } from '@tanstack/react-query';
import { caseInvoicesSchema, type Invoice } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { collectionQueryKey } from '../../../lib/query-keys';

/** GET /api/cases/{case_id}/invoicing/: the invoices of the case's collection. */
export const getCaseInvoices = (caseId: number, signal?: AbortSignal): Promise<Invoice[]> =>
  apiClient.get(`/api/cases/${caseId}/invoicing/`, caseInvoicesSchema, signal);

// Under the collection's key: a case action refreshes the collection, and with it the invoices.
export const caseInvoicesQueryKey = (collectionUid: string) =>
  [...collectionQueryKey(collectionUid), 'invoicing'] as const;

export const caseInvoicesQueryOptions = (collectionUid: string, caseId: number) =>
  queryOptions({
    queryKey: caseInvoicesQueryKey(collectionUid),
    queryFn: ({ signal }) => getCaseInvoices(caseId, signal),
  });

export const useCaseInvoices = (collectionUid: string, caseId: number) =>
  useQuery(caseInvoicesQueryOptions(collectionUid, caseId));
