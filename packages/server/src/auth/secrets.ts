import crypto from 'node:crypto';

/** 256 random bits, URL-safe: session secrets, access tokens and capability keys. */
export const newSecret = (): string => crypto.randomBytes(32).toString('base64url');

// Every bearer poll hashes its token (auth/token-cache.ts): the one-shot `crypto.hash` (Node ≥ 20.12)
// takes a third of createHash's time for a short string (0.26 against 0.75 µs here).
const sha256Hex: (text: string) => string =
  typeof crypto.hash === 'function'
    ? (text) => crypto.hash('sha256', text, 'hex')
    : (text) => crypto.createHash('sha256').update(text).digest('hex');

/** Secrets are stored only as their sha256, so a database leak does not leak a working credential. */
export const hashSecret = (secret: string): string => sha256Hex(secret);
