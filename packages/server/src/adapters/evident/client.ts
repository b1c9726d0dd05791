import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { z } from 'zod';
import {
  evidentAcceptedSchema,
  evidentHeaders,
  evidentOrderStateSchema,
  evidentPaths,
  orderParts,
  type EvidentAccepted,
  type EvidentOrder,
  type EvidentOrderState,
} from './protocol';

// The real HTTP client of the EVIDENT design service (Node's fetch). Every call is bounded by one
// timeout (the upload or download included) and every failure becomes an EvidentError that says whether
// trying again can help; the caller (the integrated sender) owns retries and backoff.

/** The scan sent with an order: opened afresh for every try, streamed, never held in memory. */
export type EvidentUpload = { name: string; contentType: string; open: () => Promise<Readable> };

export type EvidentClient = {
  readonly baseUrl: string;
  /** A short hash of the API key: audit rows name which key acted without keeping it. */
  readonly keyFingerprint: string;
  /** The longest one call may take. */
  readonly timeoutMs: number;
  createOrder: (order: EvidentOrder, scan: EvidentUpload, idempotencyKey: string) => Promise<EvidentAccepted>;
  requestRedo: (reference: string, notes: string, idempotencyKey: string) => Promise<EvidentAccepted>;
  fetchOrder: (reference: string) => Promise<EvidentOrderState>;
  /** A result file's bytes; the stream errors when the timeout passes before it ends. */
  downloadFile: (reference: string, name: string) => Promise<Readable>;
};

export type EvidentFailureKind = 'timeout' | 'network' | 'http' | 'protocol' | 'file';

export class EvidentError extends Error {
  readonly kind: EvidentFailureKind;
  /** The partner's HTTP status, when it answered. */
  readonly status: number | null;
  /** What went wrong in full (the partner's answer, the network error's code), for error_detail. */
  readonly detail: string;
  /** false when the same request would fail again (the partner refused it as invalid). */
  readonly isRetryable: boolean;

  constructor(options: {
    kind: EvidentFailureKind;
    message: string;
    detail: string;
    status?: number;
    isRetryable?: boolean;
  }) {
    super(options.message);
    this.name = 'EvidentError';
    this.kind = options.kind;
    this.status = options.status ?? null;
    this.detail = options.detail;
    this.isRetryable = options.isRetryable ?? true;
  }
}

export type EvidentClientOptions = { baseUrl: string; apiKey: string; timeoutMs: number };

// Statuses that say "later" (or a key an operator can fix meanwhile); the rest of 4xx means this request
// itself is wrong, and sending it again cannot help.
const retryableClientStatuses = new Set([401, 403, 408, 409, 425, 429]);
const detailLimit = 2000;

const errorName = (error: unknown): string => (error instanceof Error ? error.name : '');

/** fetch's own error only says "fetch failed": the reason (ECONNREFUSED, a DNS miss) is its cause. */
const causeOf = (error: unknown): string | null => {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  if (!cause) return null;
  const code = typeof cause.code === 'string' ? cause.code : null;
  const message = typeof cause.message === 'string' ? cause.message : null;
  return [code, message].filter(Boolean).join(' ') || null;
};

/** A thrown fetch error as an EvidentError: the timeout, or the network's own code (ECONNREFUSED, …). */
const toEvidentError = (error: unknown, timeoutMs: number, what: string): EvidentError => {
  if (error instanceof EvidentError) return error;
  if (errorName(error) === 'TimeoutError' || errorName(error) === 'AbortError') {
    return new EvidentError({
      kind: 'timeout',
      message: `The partner did not answer within ${timeoutMs / 1000} s`,
      detail: `${what}: no answer within ${timeoutMs} ms`,
    });
  }
  const cause = causeOf(error);
  const message = error instanceof Error ? error.message : String(error);
  return new EvidentError({
    kind: 'network',
    message: 'Could not reach the partner',
    detail: `${what}: ${message}${cause ? ` (${cause})` : ''}`.slice(0, detailLimit),
  });
};

const readTextSafely = async (response: Response): Promise<string> => {
  try {
    return (await response.text()).slice(0, detailLimit);
  } catch {
    return '';
  }
};

const refusalOf = async (response: Response, what: string): Promise<EvidentError> => {
  const body = await readTextSafely(response);
  const status = response.status;
  return new EvidentError({
    kind: 'http',
    status,
    message: `The partner answered HTTP ${status}`,
    detail: `${what}: ${status} ${response.statusText}${body ? `: ${body}` : ''}`.slice(0, detailLimit),
    isRetryable: status >= 500 || retryableClientStatuses.has(status),
  });
};

// A multipart/form-data body produced as it is sent: the order's JSON, then the scan streamed from storage.
const quotedName = (name: string): string => name.replace(/[\r\n]/g, ' ').replace(/"/g, '%22');

async function* multipartBody(boundary: string, order: EvidentOrder, scan: EvidentUpload) {
  yield Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${orderParts.order}"\r\n` +
      `Content-Type: application/json\r\n\r\n${JSON.stringify(order)}\r\n`,
  );
  yield Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${orderParts.scan}"; ` +
      `filename="${quotedName(scan.name)}"\r\nContent-Type: ${scan.contentType}\r\n\r\n`,
  );
  let source: Readable;
  try {
    source = await scan.open();
  } catch (error) {
    throw new EvidentError({
      kind: 'file',
      message: 'The file to send could not be read',
      detail: `${scan.name}: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
  for await (const chunk of source) yield chunk as Buffer;
  yield Buffer.from(`\r\n--${boundary}--\r\n`);
}

export const createEvidentClient = (options: EvidentClientOptions): EvidentClient => {
  const baseUrl = options.baseUrl.replace(/\/$/, '');
  const { apiKey, timeoutMs } = options;

  /** One call: the answer when it is 2xx, else an EvidentError (the signal also bounds reading the body). */
  const call = async (
    what: string,
    path: string,
    init: RequestInit = {},
  ): Promise<{ response: Response; what: string }> => {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json', ...init.headers },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      // A scan that could not be read surfaces as the body stream's error, itself or as the cause.
      const cause = (error as { cause?: unknown } | null)?.cause;
      throw toEvidentError(cause instanceof EvidentError ? cause : error, timeoutMs, what);
    }
    if (!response.ok) throw await refusalOf(response, what);
    return { response, what };
  };

  const readJson = async <Schema extends z.ZodType>(
    answer: { response: Response; what: string },
    schema: Schema,
  ): Promise<z.infer<Schema>> => {
    let body: unknown;
    try {
      body = await answer.response.json();
    } catch (error) {
      if (errorName(error) === 'SyntaxError') {
        throw new EvidentError({
          kind: 'protocol',
          message: 'The partner answered something unreadable',
          detail: `${answer.what}: ${(error as Error).message}`,
        });
      }
      throw toEvidentError(error, timeoutMs, answer.what);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new EvidentError({
        kind: 'protocol',
        message: 'The partner answered something unexpected',
        detail: `${answer.what}: ${JSON.stringify(body).slice(0, detailLimit)}`,
      });
    }
    return parsed.data;
  };

  return {
    baseUrl,
    keyFingerprint: createHash('sha256').update(apiKey).digest('hex').slice(0, 12),
    timeoutMs,

    createOrder: async (order, scan, idempotencyKey) => {
      const boundary = `lab-${randomBytes(16).toString('hex')}`;
      const body = Readable.toWeb(Readable.from(multipartBody(boundary, order, scan)));
      const answer = await call('POST order', evidentPaths.orders, {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          [evidentHeaders.idempotencyKey]: idempotencyKey,
        },
        body: body as ReadableStream<Uint8Array>,
        duplex: 'half',
      });
      return readJson(answer, evidentAcceptedSchema);
    },

    requestRedo: async (reference, notes, idempotencyKey) => {
      const answer = await call('POST redo', evidentPaths.redo(reference), {
        method: 'POST',
        headers: { 'content-type': 'application/json', [evidentHeaders.idempotencyKey]: idempotencyKey },
        body: JSON.stringify({ notes }),
      });
      return readJson(answer, evidentAcceptedSchema);
    },

    fetchOrder: async (reference) =>
      readJson(await call('GET order', evidentPaths.order(reference)), evidentOrderStateSchema),

    downloadFile: async (reference, name) => {
      const { response } = await call(`GET file ${name}`, evidentPaths.file(reference, name), {
        headers: { accept: 'application/octet-stream' },
      });
      if (!response.body) return Readable.from([]);
      return Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
    },
  };
};
