// Retrying a write safely: the client names each write with a key of its own choosing, and the server
// answers a repeat of it from what the first one answered (packages/server/src/http/idempotency.ts).

export const idempotencyKeyHeader = 'Idempotency-Key';
/** Set on an answer the server kept from the first request with the key, not written again. */
export const idempotentReplayHeader = 'Idempotent-Replayed';

/** How long the server keeps a key's answer: a retry later than this is a new request. */
export const idempotencyKeyLifetimeHours = 24;

export const idempotencyMessages = {
  badKey: 'The Idempotency-Key must be 1 to 255 visible characters',
  keyReused: 'This Idempotency-Key was already used for another request',
  inProgress: 'The same request is still being carried out; try again in a moment',
  answerLost:
    'The same request was already carried out, but its answer was lost; reload the page to see the change',
} as const;

/** Printable ASCII without spaces, as a UUID or any token a client makes up fits. */
export const isIdempotencyKey = (value: string): boolean => /^[\x21-\x7e]{1,255}$/.test(value);
