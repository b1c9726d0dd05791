import {
  canMoveLine,
  centsToMoneyText,
  checkItemOptionAmount,
  formatMoney,
  invoiceActionMessages,
  invoiceMessages,
  parseMoneyCents,
  type Invoice,
  type ItemOption,
  type ShippingAddress,
} from '@lab/domain';
import { formatLocalDate } from '../../lib/date-format';

// The Billing view's reading of an invoice: its status, its money as the screen shows it, item option
// drafts as typed, and the split dialog's two lists. The rules themselves come from @lab/domain.

/** Ours: texts of the view the spec does not word. */
export const invoicingTexts = {
  noInvoices: 'No invoices yet — a case is invoiced when it is dispatched or marked as done.',
  noCases: 'This collection has no components to invoice yet.',
  noIssues: 'No issues',
  noOptions: 'No options',
  adminOnly: invoiceActionMessages.adminOnly,
  closedOptions: 'The invoice is closed: its options can no longer be changed.',
  fixedItem: 'Stays on this invoice',
} as const;

export type InvoiceStatus = 'Not Finalised' | 'Finalised' | 'Manually Invoiced';

export const invoiceStatusOf = (invoice: Pick<Invoice, 'finalised' | 'manually_invoiced'>): InvoiceStatus => {
  if (invoice.finalised) return 'Finalised';
  return invoice.manually_invoiced ? 'Manually Invoiced' : 'Not Finalised';
};

/** A finalised or manually invoiced invoice never changes again. */
export const isInvoiceClosed = (invoice: Pick<Invoice, 'finalised' | 'manually_invoiced'>): boolean =>
  invoice.finalised || invoice.manually_invoiced;

/** invoice_date is a calendar date: shown as it is, in no zone ('12 Mar 2025'). */
export const formatInvoiceDate = (date: string | null): string =>
  date ? formatLocalDate(`${date}T00:00:00Z`, { timeZone: 'UTC' }) : '';

/** 'Finalised 12 Mar 2025', 'Manually Invoiced', 'Not Finalised'. */
export const invoiceStatusText = (invoice: Invoice): string => {
  const status = invoiceStatusOf(invoice);
  const date = formatInvoiceDate(invoice.invoice_date);
  return status === 'Finalised' && date ? `${status} ${date}` : status;
};

/** The API's two-decimal text in cents (0 for text that is not money, which the schema never lets by). */
export const centsOf = (text: string | null): number => (text === null ? 0 : (parseMoneyCents(text) ?? 0));

/** '1234.50' → '$1,234.50'. */
export const moneyOf = (text: string | null, currency: string): string =>
  formatMoney(centsOf(text), currency);

/** '2.00' → '2', '1.50' → '1.5'. */
export const quantityOf = (text: string | null): string => (text === null ? '' : String(Number(text)));

/** The address as its printed lines: street lines, then 'Suburb STATE 3000', then the country. */
export const addressLines = (address: ShippingAddress): string[] => {
  const town = [address.suburb, address.state, address.postcode].filter(Boolean).join(' ');
  return [address.address_line_1, address.address_line_2, town, address.country].filter(
    (line): line is string => Boolean(line),
  );
};

// ── Item options ──

/** One option as typed: the amount is text in the unit shown (dollars, or percent). */
export type OptionDraft = {
  key: string;
  description: string;
  is_selected: boolean;
  amountText: string;
  is_percentage: boolean;
};

export const draftOf = (option: ItemOption, key: string): OptionDraft => ({
  key,
  description: option.description,
  is_selected: option.is_selected,
  // The unit of the API: whole cents for a fixed option (shown in dollars), whole percent otherwise.
  amountText: option.is_percentage ? String(option.amount) : centsToMoneyText(option.amount),
  is_percentage: option.is_percentage,
});

export const newDraft = (key: string): OptionDraft => ({
  key,
  description: '',
  is_selected: true,
  amountText: '',
  is_percentage: false,
});

const numberPattern = /^-?\d+(?:\.\d+)?$/;

/** The amount in the API's unit, or null when the text is no number (or a fraction of a cent). */
export const draftAmount = (draft: Pick<OptionDraft, 'amountText' | 'is_percentage'>): number | null => {
  const text = draft.amountText.trim();
  if (draft.is_percentage) return numberPattern.test(text) ? Number(text) : null;
  return parseMoneyCents(text);
};

export type OptionDraftErrors = { description?: string; amount?: string };

/** §5's texts: anything that is not a whole, non-negative amount is 'Value must be an integer'. */
export const checkDraft = (draft: OptionDraft): OptionDraftErrors => {
  const errors: OptionDraftErrors = {};
  if (draft.description.trim() === '') errors.description = invoiceActionMessages.optionDescriptionBlank;
  const amount = draftAmount(draft);
  const amountError =
    amount === null ? invoiceMessages.mustBeInteger : checkItemOptionAmount(amount, draft.is_percentage);
  if (amountError) errors.amount = amountError;
  return errors;
};

export const hasDraftErrors = (errors: OptionDraftErrors): boolean =>
  errors.description !== undefined || errors.amount !== undefined;

/** The edit_case_items list of one case; call only when no draft has errors. */
export const toItemOptions = (drafts: readonly OptionDraft[], caseId: number): ItemOption[] =>
  drafts.map((draft) => ({
    description: draft.description.trim(),
    is_selected: draft.is_selected,
    amount: draftAmount(draft) ?? 0,
    is_percentage: draft.is_percentage,
    case_id: caseId,
  }));

// ── Split ──

/** What a case carries on the invoice: its lines that may move (fixed lines stay). */
export const caseAmountCents = (invoice: Pick<Invoice, 'lines'>, caseMkey: string): number =>
  invoice.lines
    .filter((line) => line.case_mkey === caseMkey && canMoveLine(line))
    .reduce((sum, line) => sum + centsOf(line.total_amount), 0);

/** §7: the split amount is what the moved cases' lines add up to. */
export const splitAmountCents = (invoice: Pick<Invoice, 'lines'>, moved: readonly string[]): number =>
  moved.reduce((sum, caseMkey) => sum + caseAmountCents(invoice, caseMkey), 0);

/** The cases of the invoice in its order, split into those staying and those moving. */
export const splitGroupsOf = (
  invoice: Pick<Invoice, 'related_case_details'>,
  moved: readonly string[],
): [string[], string[]] => {
  const keys = invoice.related_case_details.map((detail) => detail.case_mkey);
  return [keys.filter((key) => !moved.includes(key)), keys.filter((key) => moved.includes(key))];
};

/** Moves a case to the other list. */
export const toggleMoved = (moved: readonly string[], caseMkey: string): string[] =>
  moved.includes(caseMkey) ? moved.filter((key) => key !== caseMkey) : [...moved, caseMkey];
