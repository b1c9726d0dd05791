import { caseActionMessages, redoCharges, redoReasonCodes, redoTypes, type RedoRequest } from '@lab/domain';

// The Redo Case form (spec §9: redo types, reasons, charges).

export type RedoDraft = {
  redo: string;
  reason: string;
  charge: string;
  discount: string;
  isNewScrews: boolean;
};

export const blankRedoDraft: RedoDraft = {
  redo: '',
  reason: '',
  charge: '',
  discount: '',
  isNewScrews: false,
};

const discountMessage = 'Must be a percent from 1 to 100';

/** The redo request, or the errors that stop it (spec §9: types, reasons, charges). */
export const readRedoDraft = (
  draft: RedoDraft,
): { request: RedoRequest | null; errors: Partial<Record<keyof RedoDraft, string>> } => {
  const errors: Partial<Record<keyof RedoDraft, string>> = {};
  const redo = redoTypes.find((type) => type === draft.redo);
  const reason = redoReasonCodes.find((code) => code === draft.reason);
  const charge = redoCharges.find((item) => item === draft.charge);
  const discount = Number(draft.discount);
  const isDiscountValid = draft.discount.trim() !== '' && discount >= 1 && discount <= 100;
  if (!redo) errors.redo = caseActionMessages.mustBeSelected;
  if (!reason) errors.reason = caseActionMessages.mustBeSelected;
  if (!charge) errors.charge = caseActionMessages.mustBeSelected;
  if (charge === 'discount' && !isDiscountValid) errors.discount = discountMessage;
  if (!redo || !reason || !charge || errors.discount) return { request: null, errors };
  return {
    request: {
      redo,
      redo_reason: reason,
      redo_charge: charge,
      redo_discount_amount: charge === 'discount' ? discount : null,
      redo_new_screws_required: draft.isNewScrews,
    },
    errors,
  };
};
