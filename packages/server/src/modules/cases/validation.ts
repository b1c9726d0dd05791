import { AppError } from '@lab/domain';
import type { CaseChanges, CaseUpdate } from './save-case-changes';

/** Field → message of every rule an action's body breaks; thrown at once so the form marks them all. */
export type FieldErrors = Record<string, string>;

export const throwIfInvalid = (fields: FieldErrors): void => {
  const message = Object.values(fields)[0];
  if (message !== undefined) throw new AppError('validation_failed', { message, fields });
};

/** What one group of edit_case fields resolves to: the new values, their audit and the rules broken. */
export type EditPart = {
  set: CaseUpdate;
  changes: CaseChanges;
  fields: FieldErrors;
};

export const emptyEditPart = (): EditPart => ({ set: {}, changes: {}, fields: {} });
