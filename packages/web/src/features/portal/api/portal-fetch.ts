import { errorBodySchema } from '@lab/domain';

// The portal's own tiny fetch: the portal key in the path is the client's only credential, so no bearer
// token, no sign-in redirect and no /conf (the staff api client does all three and must stay out of this
// bundle). Errors keep the server's `{error: {code, message, fields}}` so forms can show field messages.

export type Parser<T> = { parse: (data: unknown) => T };

export class PortalError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'PortalError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export const isPortalError = (value: unknown): value is PortalError => value instanceof PortalError;

export const portalErrorTexts = {
  network: 'The lab could not be reached. Please check your connection and try again.',
  unexpected: 'Something went wrong. Please try again.',
  tooLarge: 'The files are too large to send at once.',
} as const;

/** `/api/v2/customer/{key}/…/`, every segment encoded. */
export const portalPath = (portalKey: string, ...segments: (string | number)[]): string =>
  `/api/v2/customer/${[portalKey, ...segments].map((segment) => encodeURIComponent(segment)).join('/')}/`;

const readJson = async (response: Response): Promise<unknown> => {
  try {
    return (await response.json()) as unknown;
  } catch {
    return null;
  }
};

const errorOf = (status: number, data: unknown): PortalError => {
  const parsed = errorBodySchema.safeParse(data);
  if (parsed.success) {
    const { code, message, fields } = parsed.data.error;
    return new PortalError(status, code, message, fields);
  }
  if (status === 413) return new PortalError(status, 'payload_too_large', portalErrorTexts.tooLarge);
  return new PortalError(status, 'http_error', portalErrorTexts.unexpected);
};

type PortalRequest<T> = {
  schema: Parser<T>;
  /** FormData goes as multipart; anything else as JSON. */
  body?: unknown;
  signal?: AbortSignal | undefined;
};

export const portalRequest = async <T>(
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  { schema, body, signal }: PortalRequest<T>,
): Promise<T> => {
  const headers: Record<string, string> = { Accept: 'application/json' };
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
    throw new PortalError(0, 'network_error', portalErrorTexts.network);
  }
  const data = await readJson(response);
  if (!response.ok) throw errorOf(response.status, data);
  try {
    return schema.parse(data);
  } catch {
    throw new PortalError(response.status, 'invalid_response', portalErrorTexts.unexpected);
  }
};

/** The text to show for a failed call: the server's message when it sent one. */
export const portalErrorText = (error: unknown): string =>
  isPortalError(error) ? error.message : portalErrorTexts.unexpected;
