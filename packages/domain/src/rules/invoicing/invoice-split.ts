import { z } from 'zod';
import { invoiceMessages } from './invoice-messages';

// Splitting an invoice (collection-views §5, §7 action split_invoice): the cases go into two groups and
// an amount moves to the second invoice; what is left stays on the first.

/** §5: only when the invoice allows it and covers more than one case. */
export const canSplitInvoice = (invoice: {
  split_invoice_allowed: boolean;
  related_case_count: number;
}): boolean => invoice.split_invoice_allowed && invoice.related_case_count > 1;

/** §5: fixed lines stay where they are. */
export const canMoveLine = (line: { is_fixed: boolean }): boolean => !line.is_fixed;

/** null when the split amount is acceptable, else the spec's message (§5). */
export const checkSplitAmount = (splitCents: number, totalCents: number): string | null => {
  if (splitCents <= 0) return invoiceMessages.splitMustBePositive;
  // The remainder must stay above 0, so a split equal to the total is refused too.
  if (totalCents - splitCents <= 0) return invoiceMessages.splitExceedsTotal;
  return null;
};

/** Why the split cannot be confirmed yet, or null: two non-empty groups and both sides positive (§5). */
export const splitRefusal = (split: {
  groups: readonly [readonly unknown[], readonly unknown[]];
  split_cents: number;
  total_cents: number;
}): string | null => {
  if (split.groups[0].length === 0 || split.groups[1].length === 0) return invoiceMessages.splitGroupEmpty;
  return checkSplitAmount(split.split_cents, split.total_cents);
};

/** §5: confirm is enabled only with two non-empty groups and a split that leaves both sides positive. */
export const canConfirmSplit = (split: Parameters<typeof splitRefusal>[0]): boolean =>
  splitRefusal(split) === null;

const caseList = z.array(z.string().min(1)).min(1, { error: invoiceMessages.splitGroupEmpty });

/** The split_invoice body: the invoice group and two lists of cases, no case in both. */
export const splitInvoiceSchema = z
  .object({
    invoice_group_uid: z.uuid(),
    groups: z.tuple([caseList, caseList]),
  })
  .superRefine((split, ctx) => {
    const first = new Set(split.groups[0]);
    if (split.groups[1].some((caseKey) => first.has(caseKey))) {
      ctx.addIssue({ code: 'custom', path: ['groups'], message: invoiceMessages.splitCaseTwice });
    }
  });
export type SplitInvoiceRequest = z.infer<typeof splitInvoiceSchema>;

export type SplitResult = { ok: true; parts: number[] } | { ok: false; message: string };

/**
 * Moves each amount in `amountsCents` to its own part and leaves the rest as the last part, so the parts
 * always add up to `totalCents` exactly. Every part, the remainder included, must be above 0 (§5).
 */
export const splitInvoice = (totalCents: number, amountsCents: readonly number[]): SplitResult => {
  let moved = 0;
  for (const amount of amountsCents) {
    if (!Number.isSafeInteger(amount) || amount <= 0) {
      return { ok: false, message: invoiceMessages.splitMustBePositive };
    }
    moved += amount;
  }
  const message = checkSplitAmount(moved, totalCents);
  if (message) return { ok: false, message };
  return { ok: true, parts: [...amountsCents, totalCents - moved] };
};

/** §5 'Cross-tooth split': FDI teeth above 30 are lower, below 30 upper. */
export const lowerArchThreshold = 30;

export type ArchSplitCase = { case_mkey: string; teeth: readonly number[]; dentate: string | null };

/**
 * The split by arch: upper cases stay on the first invoice, lower ones go to the second. A case's teeth
 * decide (all above 30 = lower); a case without teeth goes by its dentate; a case across both arches
 * stays with the first list, as the lists before the user drags anything.
 */
export const splitByArch = (cases: readonly ArchSplitCase[]): [string[], string[]] => {
  const isLower = (c: ArchSplitCase): boolean =>
    c.teeth.length > 0 ? c.teeth.every((tooth) => tooth > lowerArchThreshold) : c.dentate === 'LOWER';
  return [
    cases.filter((c) => !isLower(c)).map((c) => c.case_mkey),
    cases.filter(isLower).map((c) => c.case_mkey),
  ];
};
