import { z } from 'zod';
import { invoiceMessages } from './invoice-messages';
import { percentOfCents } from './invoice-total';

// Item options (collection-views §3, §5): per-case extras chosen on the invoice. `amount` is in the
// option's own unit: whole cents for a fixed option, whole percent of the case's amount for a percentage
// one. Whole numbers on both, which is what makes the spec's 'Value must be an integer' the right text.

/** null when the amount is acceptable, else the spec's message (§5). */
export const checkItemOptionAmount = (amount: number, isPercentage: boolean): string | null => {
  // §5 words a negative amount as 'Value must be an integer'; a fraction gets the same text.
  if (!Number.isSafeInteger(amount) || amount < 0) return invoiceMessages.mustBeInteger;
  if (isPercentage && amount > 100) return invoiceMessages.percentRange;
  return null;
};

export const itemOptionSchema = z
  .object({
    description: z.string(),
    is_selected: z.boolean(),
    amount: z.number({ error: invoiceMessages.mustBeInteger }),
    is_percentage: z.boolean(),
    case_id: z.number().int(),
  })
  .superRefine((option, ctx) => {
    const message = checkItemOptionAmount(option.amount, option.is_percentage);
    if (message) ctx.addIssue({ code: 'custom', path: ['amount'], message });
  });
export type ItemOption = z.infer<typeof itemOptionSchema>;

export type ItemOptionLine = {
  case_id: number;
  description: string;
  amount_cents: number;
};

/**
 * The invoice lines the selected options add to a case billed at `baseCents`. Percentages are of the
 * base, not of the base plus earlier options, so the order of options never changes the bill. The spec
 * gives options no sign (amounts are never negative), so every option adds.
 */
export const applyItemOptions = (baseCents: number, options: readonly ItemOption[]): ItemOptionLine[] =>
  options
    .filter((option) => option.is_selected)
    .map((option) => ({
      case_id: option.case_id,
      description: option.description,
      amount_cents: option.is_percentage ? percentOfCents(baseCents, option.amount) : option.amount,
    }));
