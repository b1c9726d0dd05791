// The Accounts page's texts (issue 32). The spec words none of them: ours, in its style.
export const accountsMessages = {
  paymentNotFinalised: 'Only a finalised invoice can be paid: finalise it first',
  paymentManuallyInvoiced: 'This invoice was invoiced manually: record its payment where it was billed',
  paymentAboveDue: (dueText: string) => `The payment is more than the ${dueText} still owed on this invoice`,
  paymentMustBePositive: 'Value must be more than $0',
  paidOnInFuture: 'A payment cannot be received after today',
  invoiceNotFound: 'Invoice not found',
  clientNotFound: 'Client not found',
  periodBackwards: 'The period must end on or after its start',
  freightOnClosedInvoice: 'Freight cannot change on a finalised or manually invoiced invoice',
  nothingToFinalise: 'Choose at least one invoice to finalise',
  tooManyToFinalise: 'Finalise at most 500 invoices at a time',
} as const;
