import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../lib/api-client';

// A refused call's field messages go under the form's fields, and its message shows above the buttons.
// The server names a field by its path in the body ('due_time', 'additional_recipients.2',
// 'payload.DesignType'): the form's field is its last named part.

const formFieldOf = (path: string, known: ReadonlySet<string>): string | null => {
  const parts = path.split('.').filter((part) => !/^\d+$/.test(part));
  const candidates = [parts[0], parts[parts.length - 1]];
  return candidates.find((part): part is string => part !== undefined && known.has(part)) ?? null;
};

export type FieldMessages = { fields: [string, string][]; message: string };

/** The messages of a failed call, its fields keyed by the form's names (unknown fields left out). */
export const readServerError = (error: unknown, known: ReadonlySet<string>): FieldMessages => {
  const fields = isApiError(error) ? Object.entries(error.fields ?? {}) : [];
  return {
    fields: fields.flatMap(([path, message]): [string, string][] => {
      const field = formFieldOf(path, known);
      return field ? [[field, message]] : [];
    }),
    message: error instanceof Error ? error.message : String(error),
  };
};

/** Puts a failed call's messages on the form: under the fields it names, else above the buttons. */
export const showServerError = <Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  known: ReadonlySet<string>,
): void => {
  const { fields, message } = readServerError(error, known);
  for (const [field, text] of fields) setError(field as FieldPath<Values>, { message: text });
  if (fields.length === 0) setError('root', { message });
};
