// Every invoicing text the spec quotes (collection-views §5, §6, §8), verbatim, so the server and the web
// show the same words. Texts the spec does not give are marked as ours.
export const invoiceMessages = {
  // §5 Item options amount.
  mustBeInteger: 'Value must be an integer',
  percentRange: 'Value must be between 0 and 100',
  // §5 Invoice split.
  splitMustBePositive: 'Value must be more than $0',
  splitExceedsTotal: 'Value must not exceed Total Amount',
  // §6 Cash customers.
  cashCustomer: 'Cash Customers will not be auto invoiced. Manual Invoicing is required.',
  // §8 Error catalogue.
  finaliseFailed: 'Invoice could not be finalised, please try again',
  splitFailed: 'Invoice could not be updated, please try again.',
  purchaseOrderFailed: 'Invoice PO# could not be updated, please try again.',
  noFulfillmentBranch: 'No Fulfillment Branch Selected',
  finaliseConfirm: 'Are you sure you want to finalise this invoice? THIS CANNOT BE REVERSED',
  manualInvoiceConfirm:
    'This process will need to be invoiced manually. THIS CANNOT BE REVERSED. Do you want to continue?',
  // Ours: the spec only says finalise is blocked (§4) and both actions are irreversible; the server needs
  // a reason to send with its refusal.
  awaitingDispatch: 'Invoice cannot be finalised while cases are awaiting dispatch',
  alreadyFinalised: 'Invoice has already been finalised',
  alreadyManuallyInvoiced: 'Invoice has already been invoiced manually',
  // Ours: split refusals the spec implies (§5) but does not word.
  splitNotAllowed: 'This invoice cannot be split',
  splitGroupEmpty: 'Each invoice must have at least one case',
  splitCaseTwice: 'A case cannot be on both invoices',
} as const;

/** §8: the server's message (if any) followed by the spec's text. */
export const finaliseFailureText = (serverMessage?: string | null): string => {
  const lead = serverMessage?.trim();
  return lead ? `${lead} ${invoiceMessages.finaliseFailed}` : invoiceMessages.finaliseFailed;
};
