import { caseActionMessages } from '@lab/domain';

// Spec §5 'Modify times': new start time required ('Must be selected'); promise date optional.

export type CaseTimesForm = {
  /** datetime-local value, Australia/Melbourne: 'YYYY-MM-DDTHH:mm'. */
  startTime: string;
  /** date value 'YYYY-MM-DD', or '' for none. */
  promiseDate: string;
};

export type CaseTimesErrors = Partial<Record<keyof CaseTimesForm, string>>;

export const validateCaseTimes = (form: CaseTimesForm): CaseTimesErrors =>
  form.startTime.trim() === '' ? { startTime: caseActionMessages.mustBeSelected } : {};

/** Field errors of a 400 answer, from either call's field names, onto the form's fields. */
export const readCaseTimesFieldErrors = (fields: Record<string, string> | undefined): CaseTimesErrors => {
  const errors: CaseTimesErrors = {};
  const startError = fields?.['new_start_time'] ?? fields?.['start_time'];
  const promiseError = fields?.['new_promise_date'] ?? fields?.['date_promised'];
  if (startError) errors.startTime = startError;
  if (promiseError) errors.promiseDate = promiseError;
  return errors;
};
