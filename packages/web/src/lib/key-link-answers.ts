import { adoptReadableValidationMessages, errorBodySchema } from '@lab/domain';
import type { Parser } from './api-client';
import { KeyLinkError, keyLinkErrorTexts } from './key-link-error';

// The answers of key-link calls read against their schemas: zod, in a chunk of its own that
// key-link-fetch.ts asks for as a request starts (a public page paints its first view without it).

// zod's messages as a person reads them, before any schema of a public page checks a value.
adoptReadableValidationMessages();

/** The error of a failed answer: the server's own when it sent one. */
export const keyLinkErrorOf = (status: number, data: unknown): KeyLinkError => {
  const parsed = errorBodySchema.safeParse(data);
  if (parsed.success) {
    const { code, message, fields } = parsed.data.error;
    return new KeyLinkError(status, code, message, fields);
  }
  if (status === 413) return new KeyLinkError(status, 'payload_too_large', keyLinkErrorTexts.tooLarge);
  return new KeyLinkError(status, 'http_error', keyLinkErrorTexts.unexpected);
};

/** A successful answer checked against its schema; anything else is an unexpected answer. */
export const parseKeyLinkAnswer = <T>(schema: Parser<T>, status: number, data: unknown): T => {
  try {
    return schema.parse(data);
  } catch {
    throw new KeyLinkError(status, 'invalid_response', keyLinkErrorTexts.unexpected);
  }
};
