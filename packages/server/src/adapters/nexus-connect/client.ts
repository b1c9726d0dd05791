import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { nexusConnectPaths, zipContentType, type NexusConnectExportRequest } from './protocol';

// The real HTTP client of the nexus_connect service (Node's fetch). One timeout bounds the whole call, the
// zip's bytes included; every failure becomes a NexusConnectError. The zip is handed on as a stream, never
// held in memory.

export type NexusConnectExport = {
  body: Readable;
  /** The zip's size when the service said it. */
  size: number | null;
};

export type NexusConnectClient = {
  readonly baseUrl: string;
  createExport: (request: NexusConnectExportRequest) => Promise<NexusConnectExport>;
};

export type NexusConnectFailureKind = 'timeout' | 'network' | 'http' | 'protocol';

export class NexusConnectError extends Error {
  readonly kind: NexusConnectFailureKind;
  /** The service's HTTP status, when it answered. */
  readonly status: number | null;
  /** What went wrong in full, for the log. */
  readonly detail: string;

  constructor(options: { kind: NexusConnectFailureKind; message: string; detail: string; status?: number }) {
    super(options.message);
    this.name = 'NexusConnectError';
    this.kind = options.kind;
    this.status = options.status ?? null;
    this.detail = options.detail;
  }
}

export type NexusConnectClientOptions = { baseUrl: string; apiKey: string; timeoutMs: number };

const detailLimit = 2000;

const errorName = (error: unknown): string => (error instanceof Error ? error.name : '');

const causeOf = (error: unknown): string => {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  const parts = [cause?.code, cause?.message].filter((part) => typeof part === 'string');
  return parts.join(' ');
};

const readTextSafely = async (response: Response): Promise<string> => {
  try {
    return (await response.text()).slice(0, detailLimit);
  } catch {
    return '';
  }
};

export const createNexusConnectClient = (options: NexusConnectClientOptions): NexusConnectClient => {
  const baseUrl = options.baseUrl.replace(/\/$/, '');
  const { apiKey, timeoutMs } = options;
  return {
    baseUrl,
    createExport: async (request) => {
      const what = 'POST export';
      let response: Response;
      try {
        response = await fetch(`${baseUrl}${nexusConnectPaths.exports}`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${apiKey}`,
            'content-type': 'application/json',
            accept: zipContentType,
          },
          body: JSON.stringify(request),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        if (errorName(error) === 'TimeoutError' || errorName(error) === 'AbortError') {
          throw new NexusConnectError({
            kind: 'timeout',
            message: `nexus_connect did not answer within ${timeoutMs / 1000} s`,
            detail: `${what}: no answer within ${timeoutMs} ms`,
          });
        }
        const message = error instanceof Error ? error.message : String(error);
        throw new NexusConnectError({
          kind: 'network',
          message: 'Could not reach nexus_connect',
          detail: `${what}: ${message} ${causeOf(error)}`.trim().slice(0, detailLimit),
        });
      }
      if (!response.ok) {
        const body = await readTextSafely(response);
        throw new NexusConnectError({
          kind: 'http',
          status: response.status,
          message: `nexus_connect answered HTTP ${response.status}`,
          detail: `${what}: ${response.status}${body ? `: ${body}` : ''}`.slice(0, detailLimit),
        });
      }
      const type = response.headers.get('content-type') ?? '';
      if (!type.startsWith(zipContentType) || !response.body) {
        await readTextSafely(response);
        throw new NexusConnectError({
          kind: 'protocol',
          message: 'nexus_connect answered something other than a zip',
          detail: `${what}: content-type ${type || 'none'}`,
        });
      }
      const length = Number(response.headers.get('content-length'));
      return {
        body: Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
        size: Number.isSafeInteger(length) && length > 0 ? length : null,
      };
    },
  };
};
