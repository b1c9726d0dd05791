import { useMutation, useQueryClient } from '@tanstack/react-query';
import { caseActionAnswerSchema, type CaseAction, type CollectionCase } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { putCaseIntoCollection } from '../../../lib/collection-cache';
import { caseInvoicesQueryKey } from './get-case-invoices';

// The Billing view's members of POST /api/v2/case/{case_id}/ (collection-views §7): item options,
// finalise, manual invoicing, split, the purchase order and the freight. Each answers the case.

export type InvoicingAction = Extract<
  CaseAction,
  {
    action:
      | 'edit_case_items'
      | 'finalise_invoice'
      | 'manually_invoiced'
      | 'split_invoice'
      | 'invoice_purchase_order'
      | 'invoice_freight';
  }
>;

export const postInvoicingAction = (caseId: number, action: InvoicingAction): Promise<CollectionCase> =>
  apiClient.postOnce(`/api/v2/case/${caseId}/`, action, caseActionAnswerSchema);

export type InvoicingActionVariables = { caseId: number; action: InvoicingAction };

/**
 * One invoicing action. On success the case goes into the cached collection, whose refresh reloads the
 * invoices and item options hanging under its key; a refusal reloads the invoices too (§8: "the list is
 * reloaded"), since it usually means they changed under the user.
 */
export const useInvoicingAction = (collectionUid: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ caseId, action }: InvoicingActionVariables) => postInvoicingAction(caseId, action),
    onSuccess: (caseItem) => putCaseIntoCollection(queryClient, collectionUid, caseItem),
    onError: () => queryClient.invalidateQueries({ queryKey: caseInvoicesQueryKey(collectionUid) }),
  });
};
