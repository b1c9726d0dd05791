import type { CaseEvents } from '../cases/kernel';
import { raiseCaseInvoice } from './raise-case-invoice';

// What invoicing does when something happens to a case: the cases module publishes, invoicing reacts, so
// the cases module knows nothing of billing. Each reaction runs in the change's transaction.

export const subscribeInvoicingToCaseEvents = (events: CaseEvents): void => {
  // A dispatched case is billed: it goes onto the collection's open invoice (issue 13), and the case's
  // audit row of the move names that invoice.
  events.on('case.dispatched', async (tx, { actionCase, actor, at, recordOnCaseAudit }) => {
    const invoiceNumber = await raiseCaseInvoice(tx, { actionCase, actor, now: at });
    if (invoiceNumber !== null) recordOnCaseAudit('invoice_number', null, invoiceNumber);
  });
};
