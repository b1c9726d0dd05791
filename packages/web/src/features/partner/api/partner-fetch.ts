import { errorBodySchema } from '@lab/domain';

// The partner page's own tiny fetch: the share key in the path is the partner's only credential, so no
// bearer token, no sign-in redirect and no /conf (the staff api client does all three and must stay out of
// this bundle). Errors keep the server's `{error: {code, message, fields}}` so forms show its messages.

export type Parser<T> = { parse: (data: unknown) => T };

export class PartnerError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'PartnerError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export const isPartnerError = (value: unknown): value is PartnerError => value instanceof PartnerError;

export const partnerErrorTexts = {
  network: 'The lab could not be reached. Please check your connection and try again.',
  unexpected: 'Something went wrong. Please try again.',
  tooLarge: 'The files are too large to send at once.',
} as const;

/** `/api/v2/partner/{key}/…/`, every segment encoded. */
export const partnerPath = (outsourceKey: string, ...segments: (string | number)[]): string =>
  `/api/v2/partner/${[outsourceKey, ...segments].map((segment) => encodeURIComponent(segment)).join('/')}/`;

export const parseJsonText = (text: string): unknown => {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
};

/** The error of a failed answer: the server's own when it sent one. */
export const partnerErrorOf = (status: number, data: unknown): PartnerError => {
  const parsed = errorBodySchema.safeParse(data);
  if (parsed.success) {
    const { code, message, fields } = parsed.data.error;
    return new PartnerError(status, code, message, fields);
  }
  if (status === 413) return new PartnerError(status, 'payload_too_large', partnerErrorTexts.tooLarge);
  return new PartnerError(status, 'http_error', partnerErrorTexts.unexpected);
};

/** A successful answer checked against its schema; anything else is an unexpected answer. */
export const parseAnswer = <T>(schema: Parser<T>, status: number, data: unknown): T => {
  try {
    return schema.parse(data);
  } catch {
    throw new PartnerError(status, 'invalid_response', partnerErrorTexts.unexpected);
  }
};

type PartnerRequest<T> = {
  schema: Parser<T>;
  /** Sent as JSON; none for a call without a body. */
  body?: unknown;
  signal?: AbortSignal | undefined;
};

export const partnerRequest = async <T>(
  method: 'GET' | 'POST',
  path: string,
  { schema, body, signal }: PartnerRequest<T>,
): Promise<T> => {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method, headers, credentials: 'omit', signal: signal ?? null };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new PartnerError(0, 'network_error', partnerErrorTexts.network);
  }
  const data = parseJsonText(await response.text().catch(() => ''));
  if (!response.ok) throw partnerErrorOf(response.status, data);
  return parseAnswer(schema, response.status, data);
};

/** The text to show for a failed call: the server's message when it sent one. */
export const partnerErrorText = (error: unknown): string =>
  isPartnerError(error) ? error.message : partnerErrorTexts.unexpected;
