import { idempotencyKeyHeader } from '@lab/domain';
// A type only, so none of the staff api client reaches the public bundles.
import type { Parser } from './api-client';
import { sendWithRetries } from './idempotent-retry';
import type * as KeyLinkAnswers from './key-link-answers';
import { isKeyLinkError, KeyLinkError, keyLinkErrorTexts } from './key-link-error';

export { isKeyLinkError, KeyLinkError, keyLinkErrorTexts } from './key-link-error';

// The tiny fetch of the public pages opened by a key in their address (the customer portal, the partner
// share page): the key in the path is the visitor's only credential, so no bearer token, no sign-in
// redirect, no /conf and no cookies (the staff api client does all of these and must stay out of those
// bundles). Errors keep the server's `{error: {code, message, fields}}` so forms show its field messages.

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

/**
 * The zod side of these calls (the answers' and errors' schemas) in a chunk of its own, asked for as a
 * request starts, so it downloads while the request is under way: a public page paints its first view
 * without zod (a phone on a mobile network, issue 30). Also started by renderPublicPage.
 */
let answers: Promise<typeof KeyLinkAnswers> | undefined;
export const loadKeyLinkAnswers = () => {
  answers ??= import('./key-link-answers').catch((error: unknown) => {
    answers = undefined;
    throw error;
  });
  return answers;
};

/** A schema, or its download (a public page's first view paints before zod arrives). */
export type KeyLinkSchema<T> = Parser<T> | (() => Promise<Parser<T>>);

type KeyLinkRequest<T> = {
  schema: KeyLinkSchema<T>;
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
  // Both downloads start before the request goes out; a failed one fails the call as the network would.
  const loading = Promise.all([
    loadKeyLinkAnswers(),
    typeof schema === 'function' ? schema() : Promise.resolve(schema),
  ]);
  void loading.catch(() => undefined);
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
  let loaded: Awaited<typeof loading>;
  try {
    loaded = await loading;
  } catch {
    throw new KeyLinkError(0, 'network_error', keyLinkErrorTexts.network);
  }
  const [{ keyLinkErrorOf, parseKeyLinkAnswer }, parser] = loaded;
  if (!response.ok) throw keyLinkErrorOf(response.status, data);
  return parseKeyLinkAnswer(parser, response.status, data);
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
