import { z } from 'zod';

/** Timestamps travel as ISO-8601 strings; presenters turn database Dates into them (`toIso`). */
export const isoDateTime = z.iso.datetime({ offset: true });
export const nullableIsoDateTime = isoDateTime.nullable();

/** Every error answer: `{error: {code, message, fields?}}`. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

/** Postgres `integer`: a larger id or count cannot be stored, so it cannot name a row either. */
export const maxDatabaseInteger = 2_147_483_647;

export const commonMessages = {
  unstorableText: 'Contains characters that cannot be stored',
  notAnObject: 'The body must be a JSON object',
} as const;

// A lone UTF-16 surrogate is valid JSON ("\ud800") but no character: PostgreSQL's jsonb refuses it and
// text would keep U+FFFD in its place. C0 control characters other than tab and line breaks are no part
// of any text a person types (and U+0000 cannot be stored at all).
const unstorable =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the database stores `value` as it is: no lone surrogate, no control character but tab, CR, LF. */
export const isStorableText = (value: string): boolean => !unstorable.test(value);

/**
 * The first string in a request's JSON (body, query or path parameters) that the database could not store,
 * as a dotted path (`items.2.note`), or null. Keys in `skipKeys` are not looked into: file names, which the
 * file service cleans instead of refusing (a scanner's export may carry anything).
 */
export const findUnstorableText = (
  value: unknown,
  skipKeys: ReadonlySet<string>,
  path = '',
): string | null => {
  if (typeof value === 'string') return isStorableText(value) ? null : path || 'body';
  if (typeof value !== 'object' || value === null) return null;
  // Only what JSON, a query or a form gives: never a file's bytes, a stream or a date.
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer || value instanceof Date) return null;
  if (typeof (value as { pipe?: unknown }).pipe === 'function') return null;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, inner] of entries) {
    if (!isStorableText(key)) return path ? `${path}.${key}` : key;
    if (skipKeys.has(key)) continue;
    const found = findUnstorableText(inner, skipKeys, path ? `${path}.${key}` : key);
    if (found !== null) return found;
  }
  return null;
};

export const uidParam = z.object({ uid: z.uuid({ message: 'Invalid uid' }) });

export function toIso(value: Date): string;
export function toIso(value: Date | null | undefined): string | null;
export function toIso(value: Date | null | undefined): string | null {
  return value ? value.toISOString() : null;
}
