import { createHmac, timingSafeEqual } from 'node:crypto';

// A body signed with a shared secret: `sha256=<hex HMAC-SHA256(secret, "<timestamp>.<body>")>` over the
// exact bytes sent, with the unix-seconds timestamp it was signed at. The partner's webhook and the
// ordering platforms' orders are signed so; each names its own two headers.

const hmacOf = (secret: string, timestamp: string, rawBody: Buffer | string): Buffer =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();

/** The timestamp and signature of `rawBody` signed at `at`. */
export const signBody = (
  secret: string,
  rawBody: Buffer | string,
  at: Date = new Date(),
): { timestamp: string; signature: string } => {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  return { timestamp, signature: `sha256=${hmacOf(secret, timestamp, rawBody).toString('hex')}` };
};

export type SignatureCheck = 'valid' | 'missing' | 'mismatch' | 'expired';

/**
 * Checks a signature (constant time) and that its timestamp is within `toleranceSeconds` of `now`, so a
 * captured call cannot be replayed later.
 */
export const checkSignedBody = (options: {
  secret: string;
  rawBody: Buffer;
  signature: string | undefined;
  timestamp: string | undefined;
  now: Date;
  toleranceSeconds: number;
}): SignatureCheck => {
  const { signature, timestamp } = options;
  if (!signature || !timestamp || !/^\d{1,12}$/.test(timestamp)) return 'missing';
  const match = /^sha256=([0-9a-f]{64})$/i.exec(signature.trim());
  if (!match?.[1]) return 'mismatch';
  const expected = hmacOf(options.secret, timestamp, options.rawBody);
  if (!timingSafeEqual(expected, Buffer.from(match[1], 'hex'))) return 'mismatch';
  const ageSeconds = Math.abs(options.now.getTime() / 1000 - Number(timestamp));
  return ageSeconds > options.toleranceSeconds ? 'expired' : 'valid';
};
