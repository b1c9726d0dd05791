import { authMessages, errorBodySchema, idempotencyKeyHeader, tokenSchema } from '@lab/domain';
import { sendWithRetries } from './idempotent-retry';
import { goToLogout, goToSignIn } from './navigation';

/** Anything with zod's `parse`: the answers are checked against the schemas of @lab/domain. */
export type Parser<T> = { parse: (data: unknown) => T };

/** An error answer `{error: {code, message, fields?}}`, or a network or shape failure. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError;

type RequestOptions<T> = {
  schema: Parser<T>;
  body?: unknown;
  signal?: AbortSignal | undefined;
  /**
   * A write sent with an Idempotency-Key, and sent again with the same key when its answer is lost on
   * the way (the network dropped, a proxy answered 502–504) or the server is still carrying out the
   * first: the server then answers what the first answered, and nothing is written twice.
   */
  retrySafely?: boolean;
};

export type ApiClient = {
  get: <T>(path: string, schema: Parser<T>, signal?: AbortSignal) => Promise<T>;
  post: <T>(path: string, body: unknown, schema: Parser<T>, signal?: AbortSignal) => Promise<T>;
  /** A POST that may be sent again and still writes once (`retrySafely`). */
  postOnce: <T>(path: string, body: unknown, schema: Parser<T>) => Promise<T>;
  request: <T>(method: string, path: string, options: RequestOptions<T>) => Promise<T>;
  /**
   * Starts a GET now, before anything asks for it (a page's first data while its code still loads): the
   * next `get` of the same path within `startedAnswerMaxAgeMs` takes its answer instead of asking again.
   * With `readBody`, resolves to the answer's JSON unchecked (null when it failed), for the next start.
   */
  startGet: (path: string, readBody?: boolean) => Promise<unknown>;
  /** Resolves to a valid bearer token, fetching one when there is none or it has expired. */
  getToken: () => Promise<string>;
  /** Re-checks the token every `tokenCheckIntervalMs` and refreshes it once expired; returns a stop function. */
  startTokenRefresh: () => () => void;
};

export type ApiClientDeps = {
  fetch: typeof fetch;
  now: () => number;
  /** The token call failed: the session is gone, so the browser goes to sign in. */
  onSignInNeeded: () => void;
  /** The API refused a freshly minted token: the session is unusable, so the browser signs out. */
  onInvalidToken: () => void;
};

export const tokenCheckIntervalMs = 5_000;
// A token that expires within the next check is treated as expired, so a request never leaves with a
// token that dies on the way.
const tokenExpiryMarginMs = tokenCheckIntervalMs * 2;

// Once the browser is leaving the page, callers wait instead of showing errors for the last calls.
const never = <T>(): Promise<T> => new Promise<T>(() => undefined);

/**
 * A successful answer's JSON. A connection dropped while the body arrives is a network failure (a write
 * sent with a key is then sent again), not a malformed answer.
 */
const readAnswerBody = async (response: Response, path: string): Promise<unknown> => {
  try {
    return (await response.json()) as unknown;
  } catch (error) {
    if (error instanceof SyntaxError) {
      throw new ApiError(response.status, 'invalid_response', `Unexpected answer from ${path}`);
    }
    throw new ApiError(0, 'network_error', 'The server could not be reached');
  }
};

const readErrorBody = async (response: Response, isUpload = false): Promise<ApiError> => {
  let data: unknown = null;
  try {
    data = await response.json();
  } catch {
    // Not JSON (a proxy page, an empty body): fall back to the status below.
  }
  return apiErrorFrom(response.status, data, isUpload);
};

/**
 * The ApiError of an error answer's status and parsed body (also for uploads sent without fetch). A
 * bodiless 413 comes from a proxy in front of the server: it names the upload when files were sent.
 */
export const apiErrorFrom = (status: number, data: unknown, isUpload = false): ApiError => {
  const parsed = errorBodySchema.safeParse(data);
  if (parsed.success) {
    const { code, message, fields } = parsed.data.error;
    return new ApiError(status, code, message, fields);
  }
  if (status === 413) {
    return new ApiError(
      status,
      'payload_too_large',
      isUpload ? 'The upload is too large' : 'The request is too large',
    );
  }
  return new ApiError(status, 'http_error', `Request failed (${status})`);
};

const isInvalidTokenAnswer = async (response: Response): Promise<boolean> => {
  if (response.status !== 401) return false;
  const error = await readErrorBody(response.clone());
  return error.message === authMessages.invalidToken;
};

// A GET started ahead (startGet) is taken by a `get` within this long; later, that asks afresh.
export const startedAnswerMaxAgeMs = 10_000;

// How many answers with an ETag are kept parsed (one per path: the open collection, its messages, the
// reference lists, the polls).
const parsedAnswersKept = 50;

type ParsedAnswer = { etag: string; schema: Parser<unknown>; value: unknown };

export const createApiClient = (deps: ApiClientDeps): ApiClient => {
  let current: { token: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;
  // A refresh the browser revalidated (the server's 304 hands back the cached body with its ETag) is the
  // answer parsed last time: an unchanged collection of 2,000 messages then costs no JSON parse and no
  // validation (over a second of a slow machine's main thread).
  const parsedAnswers = new Map<string, ParsedAnswer>();
  const rememberParsed = (path: string, answer: ParsedAnswer) => {
    parsedAnswers.delete(path);
    parsedAnswers.set(path, answer);
    const oldest = parsedAnswers.keys().next();
    if (parsedAnswers.size > parsedAnswersKept && !oldest.done) parsedAnswers.delete(oldest.value);
  };

  const isFresh = (token: { expiresAt: number }) => token.expiresAt - tokenExpiryMarginMs > deps.now();

  const fetchToken = async (): Promise<string> => {
    try {
      const response = await deps.fetch('/oauth2/token/', {
        credentials: 'same-origin',
        headers: { Accept: 'application/json' },
        cache: 'no-store',
      });
      if (response.ok) {
        const parsed = tokenSchema.safeParse(await response.json());
        if (parsed.success) {
          current = { token: parsed.data.access_token, expiresAt: Date.parse(parsed.data.expires_at) };
          return parsed.data.access_token;
        }
      }
    } catch {
      // A network failure counts as a failed token call, as the spec treats every failure alike.
    }
    current = null;
    deps.onSignInNeeded();
    return never();
  };

  const refreshToken = (): Promise<string> => {
    pending ??= fetchToken().finally(() => {
      pending = null;
    });
    return pending;
  };

  const getToken = (): Promise<string> =>
    current && isFresh(current) ? Promise.resolve(current.token) : refreshToken();

  const send = async (
    method: string,
    path: string,
    token: string,
    body: unknown,
    signal?: AbortSignal,
    idempotencyKey?: string,
  ) => {
    const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${token}` };
    if (idempotencyKey) headers[idempotencyKeyHeader] = idempotencyKey;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    try {
      return await deps.fetch(path, { method, headers, body: payload, credentials: 'same-origin', signal });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ApiError(0, 'network_error', 'The server could not be reached');
    }
  };

  type Started = { response: Promise<Response>; at: number };
  const started = new Map<string, Started>();
  // Unread, a started answer's body would hold one of the browser's few connections to the server.
  const dropStarted = (path: string, entry: Started): void => {
    if (started.get(path) === entry) started.delete(path);
    void entry.response.then((answer) => answer.body?.cancel()).catch(() => undefined);
  };
  const takeStarted = (method: string, path: string): Promise<Response> | undefined => {
    const entry = method === 'GET' ? started.get(path) : undefined;
    if (!entry) return undefined;
    started.delete(path);
    if (deps.now() - entry.at <= startedAnswerMaxAgeMs) return entry.response;
    dropStarted(path, entry);
    return undefined;
  };

  const startGet = (path: string, readBody = false): Promise<unknown> => {
    const response = getToken().then((token) => send('GET', path, token, undefined));
    const entry: Started = { response, at: deps.now() };
    const earlier = started.get(path);
    if (earlier) dropStarted(path, earlier);
    started.set(path, entry);
    // One nothing took (the view changed meanwhile) lets its connection go.
    setTimeout(() => {
      if (started.get(path) === entry) dropStarted(path, entry);
    }, startedAnswerMaxAgeMs);
    // Read from a copy made before `request` can read the answer itself (a body is read once).
    return response.then(
      (answer) =>
        readBody && answer.ok
          ? answer
              .clone()
              .json()
              .catch(() => null)
          : null,
      () => null,
    );
  };

  const requestOnce = async <T>(
    method: string,
    path: string,
    options: RequestOptions<T>,
    idempotencyKey?: string,
  ): Promise<T> => {
    const sendWith = (token: string) =>
      send(method, path, token, options.body, options.signal, idempotencyKey);
    let response = await (takeStarted(method, path) ?? getToken().then(sendWith));
    if (await isInvalidTokenAnswer(response)) {
      // The clock of this machine may disagree with the server's: try once more with a new token
      // before giving up on the session.
      current = null;
      response = await sendWith(await refreshToken());
      if (await isInvalidTokenAnswer(response)) {
        deps.onInvalidToken();
        return never();
      }
    }
    if (!response.ok) throw await readErrorBody(response, options.body instanceof FormData);
    const etag = method === 'GET' ? response.headers.get('ETag') : null;
    const known = etag === null ? undefined : parsedAnswers.get(path);
    if (known && known.etag === etag && known.schema === options.schema) {
      void response.body?.cancel().catch(() => undefined);
      return known.value as T;
    }
    const data: unknown = response.status === 204 ? null : await readAnswerBody(response, path);
    let value: T;
    try {
      value = options.schema.parse(data);
    } catch {
      throw new ApiError(response.status, 'invalid_response', `Unexpected answer from ${path}`);
    }
    if (etag !== null) rememberParsed(path, { etag, schema: options.schema, value });
    return value;
  };

  const request = async <T>(method: string, path: string, options: RequestOptions<T>): Promise<T> => {
    if (!options.retrySafely || method === 'GET') return requestOnce(method, path, options);
    return sendWithRetries((key) => requestOnce(method, path, options, key), { signal: options.signal });
  };

  const startTokenRefresh = () => {
    void getToken();
    const timer = setInterval(() => {
      if (!current || !isFresh(current)) void refreshToken();
    }, tokenCheckIntervalMs);
    return () => clearInterval(timer);
  };

  return {
    request,
    get: (path, schema, signal) => request('GET', path, { schema, signal }),
    post: (path, body, schema, signal) => request('POST', path, { schema, body, signal }),
    postOnce: (path, body, schema) => request('POST', path, { schema, body, retrySafely: true }),
    startGet,
    getToken,
    startTokenRefresh,
  };
};

/** The one client of the page. */
export const apiClient = createApiClient({
  fetch: (input, init) => window.fetch(input, init),
  now: () => Date.now(),
  onSignInNeeded: () => goToSignIn(authMessages.notLoggedIn),
  onInvalidToken: goToLogout,
});
