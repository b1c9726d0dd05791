import { errorBodySchema, idempotencyKeyHeader } from '@lab/domain';
// A type only, so none of the staff api client reaches the public bundles.
import type { Parser } from './api-client';
import { sendWithRetries } from './idempotent-retry';

// The tiny fetch of the public pages opened by a key in their address (the customer portal, the partner
// share page): the key in the path is the visitor's only credential, so no bearer token, no sign-in
// redirect, no /conf and no cookies (the staff api client does all of these and must stay out of those
// bundles). Errors keep the server's `{error: {code, message, fields}}` so forms show its field messages.

export class KeyLinkError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'KeyLinkError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export const isKeyLinkError = (value: unknown): value is KeyLinkError => value instanceof KeyLinkError;

export const keyLinkErrorTexts = {
  network: 'The lab could not be reached. Please check your connection and try again.',
  unexpected: 'Something went wrong. Please try again.',
  tooLarge: 'The files are too large to send at once.',
} as const;

/** `{apiRoot}/{key}/…/`, the key and every segment encoded. */
export const keyLinkPath = (apiRoot: string, key: string, ...segments: (string | number)[]): string =>
  `${apiRoot}/${[key, ...segments].map((segment) => encodeURIComponent(segment)).join('/')}/`;

/** A body read as text (fetch or XMLHttpRequest) as JSON; null when empty or not JSON. */
export const parseJsonText = (text: string): unknown => {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
};

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

type KeyLinkRequest<T> = {
  schema: Parser<T>;
  /** FormData goes as multipart; anything else as JSON; none for a call without a body. */
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** A write sent with an Idempotency-Key and sent again when its answer is lost (lib/idempotent-retry.ts). */
  retrySafely?: boolean;
};

export const keyLinkRequest = <T>(
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  request: KeyLinkRequest<T>,
): Promise<T> =>
  request.retrySafely && method !== 'GET'
    ? sendWithRetries((key) => keyLinkRequestOnce(method, path, request, key), { signal: request.signal })
    : keyLinkRequestOnce(method, path, request);

const keyLinkRequestOnce = async <T>(
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  { schema, body, signal }: KeyLinkRequest<T>,
  idempotencyKey?: string,
): Promise<T> => {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (idempotencyKey) headers[idempotencyKeyHeader] = idempotencyKey;
  const init: RequestInit = { method, headers, credentials: 'omit', signal: signal ?? null };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new KeyLinkError(0, 'network_error', keyLinkErrorTexts.network);
  }
  // A connection dropped while the body arrives is a network failure (a keyed write is sent again).
  const text = await response.text().catch(() => null);
  if (text === null) throw new KeyLinkError(0, 'network_error', keyLinkErrorTexts.network);
  const data = parseJsonText(text);
  if (!response.ok) throw keyLinkErrorOf(response.status, data);
  return parseKeyLinkAnswer(schema, response.status, data);
};

/**
 * The retry of a page's main query: a refused key (404) or the guessing limit (429) stays refused, so
 * asking again only burns guesses; a network or server failure gets one more try.
 */
export const retryKeyLinkQuery = (failureCount: number, error: unknown): boolean =>
  failureCount < 1 && !(isKeyLinkError(error) && error.status >= 400 && error.status < 500);

/** The text to show for a failed call: the server's message when it sent one. */
export const keyLinkErrorText = (error: unknown): string =>
  isKeyLinkError(error) ? error.message : keyLinkErrorTexts.unexpected;
