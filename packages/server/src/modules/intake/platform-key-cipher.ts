import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

// A platform's signing key must be readable by the server (an HMAC is checked by computing it again),
// so it is kept encrypted, not hashed: AES-256-GCM under a key derived from PLATFORM_KEY_SECRET, which
// lives in the server's configuration and never in the database. Stored as
// "v1.<iv>.<tag>.<ciphertext>", base64url each.

const keyOf = (secret: string): Buffer => createHash('sha256').update(`platform-keys:${secret}`).digest();

export const encryptPlatformSecret = (plain: string, configSecret: string): string => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(configSecret), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
};

/** The key, or null when it was encrypted under another configuration secret (or tampered with). */
export const decryptPlatformSecret = (stored: string, configSecret: string): string | null => {
  const [version, iv, tag, body] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(configSecret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
};
