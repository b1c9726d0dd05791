import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  accountsInvoiceSchema,
  accountsInvoicesSchema,
  balancesSchema,
  batchFinaliseSchema,
  type AccountsInvoices,
  type AccountsInvoicesQuery,
  type Balances,
  type PaymentBody,
} from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { loadErrorMeta } from '../../../lib/query-meta';

// The Accounts page's calls (issue 32): the invoice list with its totals, the balances, a batch finalised
// and a payment recorded. A write refreshes both lists (a finalised or paid invoice moves the balances).

const accountsKey = ['accounts'] as const;

export type InvoiceFilters = Omit<AccountsInvoicesQuery, 'page'> & { page?: number };

/** The query string of the filters that are set ('state=ready&client_id=10012'). */
export const filterSearch = (filters: InvoiceFilters): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters))
    if (value !== undefined && value !== '') params.set(key, String(value));
  return params.toString();
};

export const useAccountsInvoices = (filters: InvoiceFilters) =>
  useQuery({
    queryKey: [...accountsKey, 'invoices', filters],
    queryFn: ({ signal }): Promise<AccountsInvoices> =>
      apiClient.get(`/api/v2/accounts/invoices/?${filterSearch(filters)}`, accountsInvoicesSchema, signal),
    meta: loadErrorMeta('The invoices could not be loaded'),
    placeholderData: keepPreviousData,
  });

export const useBalances = (asOf: string | null) =>
  useQuery({
    queryKey: [...accountsKey, 'balances', asOf],
    queryFn: ({ signal }): Promise<Balances> =>
      apiClient.get(`/api/v2/accounts/balances/${asOf ? `?as_of=${asOf}` : ''}`, balancesSchema, signal),
    meta: loadErrorMeta('The balances could not be loaded'),
    placeholderData: keepPreviousData,
  });

const useAccountsWrite = <Body, Answer>(path: string, schema: { parse: (value: unknown) => Answer }) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body): Promise<Answer> =>
      apiClient.request('POST', path, { body, schema, retrySafely: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountsKey }),
  });
};

export const useBatchFinalise = () =>
  useAccountsWrite<{ invoice_numbers: number[] }, ReturnType<typeof batchFinaliseSchema.parse>>(
    '/api/v2/accounts/invoices/finalise/',
    batchFinaliseSchema,
  );

export const useRecordPayment = () =>
  useAccountsWrite<PaymentBody, ReturnType<typeof accountsInvoiceSchema.parse>>(
    '/api/v2/accounts/payments/',
    accountsInvoiceSchema,
  );
