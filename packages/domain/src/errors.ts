// One error type for the whole product. Codes are a closed union; `httpStatusForCode` is the single map
// from code to HTTP status, so a new code cannot be added without deciding its status.
export const errorCodes = [
  'validation_failed', // the body or query breaks a rule of the spec; `fields` names each field's message
  'unauthenticated', // no, bad or expired credentials
  'forbidden', // signed in, but this actor may not do this
  'not_found', // no such record, or not reachable with this key
  'conflict', // the record's state does not allow this action now
  'in_progress', // a request with the same Idempotency-Key is still being carried out: send it again shortly
  'key_reused', // an Idempotency-Key already used for another request
  'machine_project_active', // leaving production while the machine project is not Complete (spec: confirm)
  'gone', // a one-time link already used or expired
  'payload_too_large', // an upload over its category's limit
  'rate_limited', // too many attempts; Retry-After says when to try again
  'upstream_failed', // a partner service we proxy to failed or did not answer (nexus_connect export)
  'internal', // anything unexpected; never shows details
] as const;
export type ErrorCode = (typeof errorCodes)[number];

const statusByCode: Record<ErrorCode, number> = {
  validation_failed: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  in_progress: 409,
  key_reused: 422,
  machine_project_active: 409,
  gone: 410,
  payload_too_large: 413,
  rate_limited: 429,
  upstream_failed: 502,
  internal: 500,
};

export const httpStatusForCode = (code: ErrorCode): number => statusByCode[code];

export type AppErrorOptions = {
  message: string;
  /** Per-field messages in the spec's wording ('Cannot be blank', 'Must be selected', …). */
  fields?: Record<string, string>;
  /** Extra machine-readable detail for the client (e.g. Retry-After seconds). */
  details?: Record<string, unknown>;
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, options: AppErrorOptions) {
    super(options.message);
    this.name = 'AppError';
    this.code = code;
    this.fields = options.fields;
    this.details = options.details;
  }

  get status(): number {
    return httpStatusForCode(this.code);
  }
}

export const isAppError = (value: unknown): value is AppError => value instanceof AppError;

/** The wire shape of every error answer. */
export type ErrorBody = { error: { code: ErrorCode; message: string; fields?: Record<string, string> } };

export const fieldError = (field: string, message: string): AppError =>
  new AppError('validation_failed', { message, fields: { [field]: message } });
