import { idempotencyKeyHeader } from '@lab/domain';
import { apiClient, apiErrorFrom, ApiError, type Parser } from './api-client';
import { sendWithRetries } from './idempotent-retry';

// Uploads of scans and designs run to hundreds of megabytes: they go through XMLHttpRequest, whose
// upload events give a progress bar (fetch has none), with the same error shapes as the api client.

export type UploadProgress = (fraction: number) => void;

type SendOptions<T> = {
  method: 'POST' | 'PUT';
  url: string;
  body: FormData | Blob;
  schema: Parser<T>;
  /** Bearer token for /api routes; one-time links need none. */
  isAuthenticated: boolean;
  onProgress?: UploadProgress | undefined;
  /**
   * Sent with an Idempotency-Key, and once more when the answer is lost on the way: the server answers
   * the first answer, so the files are stored once (the bytes travel again, as only they prove the body).
   */
  retrySafely?: boolean;
};

const parseJson = (text: string): unknown => {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
};

export const sendWithProgress = async <T>(options: SendOptions<T>): Promise<T> => {
  if (!options.retrySafely) return sendOnce(options);
  return sendWithRetries((key) => sendOnce(options, key), { tries: 2 });
};

const sendOnce = async <T>(options: SendOptions<T>, idempotencyKey?: string): Promise<T> => {
  const token = options.isAuthenticated ? await apiClient.getToken() : null;
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(options.method, options.url);
    request.setRequestHeader('Accept', 'application/json');
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    if (idempotencyKey) request.setRequestHeader(idempotencyKeyHeader, idempotencyKey);
    // The file service takes raw bytes whatever the file's type; the server checks the content itself.
    if (options.body instanceof Blob) request.setRequestHeader('Content-Type', 'application/octet-stream');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError(0, 'network_error', 'The server could not be reached'));
    request.onload = () => {
      const data = parseJson(request.responseText);
      if (request.status < 200 || request.status >= 400) {
        reject(apiErrorFrom(request.status, data, true));
        return;
      }
      try {
        resolve(options.schema.parse(data));
      } catch {
        reject(new ApiError(request.status, 'invalid_response', `Unexpected answer from ${options.url}`));
      }
    };
    request.send(options.body);
  });
};
