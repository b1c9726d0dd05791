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
  invalidCharacters: 'Contains invalid characters',
} as const;

/** PostgreSQL text cannot hold U+0000: such a string is refused at the edge, not failed in the database. */
export const hasNoNulCharacter = (value: string): boolean => !value.includes('\u0000');

export const uidParam = z.object({ uid: z.uuid({ message: 'Invalid uid' }) });

export function toIso(value: Date): string;
export function toIso(value: Date | null | undefined): string | null;
export function toIso(value: Date | null | undefined): string | null {
  return value ? value.toISOString() : null;
}
