// Writes the page may send again (message posts, case actions, uploads): each carries an Idempotency-Key
// and is sent again with the same key when its answer is lost on the way, so the server answers what
// the first answered and nothing is written twice. Shared by the staff client and the key-link pages.

/** A key naming one write across its retries; getRandomValues works on plain HTTP too (randomUUID does not). */
export const newIdempotencyKey = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join(
    '',
  );

// Waits before each new try; after the last, the failure is shown.
const retryDelaysMs = [300, 1_000, 3_000] as const;

/**
 * A failure after which the write may or may not have happened (the network dropped, a proxy answered
 * 502–504), or is still happening (the server's 409 in_progress): worth sending again with its key.
 */
export const isWorthRetrying = (error: unknown): boolean => {
  const { status, code } = (error ?? {}) as { status?: unknown; code?: unknown };
  return status === 0 || status === 502 || status === 503 || status === 504 || code === 'in_progress';
};

/** Runs `send` with one new key, again after each failure worth retrying, up to `tries` times in all. */
export const sendWithRetries = async <T>(
  send: (idempotencyKey: string) => Promise<T>,
  options: { signal?: AbortSignal | undefined; tries?: number } = {},
): Promise<T> => {
  const key = newIdempotencyKey();
  const tries = Math.min(options.tries ?? retryDelaysMs.length + 1, retryDelaysMs.length + 1);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await send(key);
    } catch (error) {
      const delay = retryDelaysMs[attempt - 1];
      if (attempt >= tries || delay === undefined || !isWorthRetrying(error) || options.signal?.aborted) {
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
};
