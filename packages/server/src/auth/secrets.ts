import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: session secrets, access tokens and capability keys. */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** Secrets are stored only as their sha256, so a database leak does not leak a working credential. */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');
