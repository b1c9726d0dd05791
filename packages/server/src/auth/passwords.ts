import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id of @node-rs/argon2 (an ambient const enum, which isolated modules cannot read).
const argon2id = 2;

export const hashPassword = (password: string): Promise<string> =>
  hash(password, { algorithm: argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 });

/** A hash computed once so an unknown username costs the same time as a wrong password. */
let decoyHash: Promise<string> | null = null;

export const verifyPassword = async (passwordHash: string | null, password: string): Promise<boolean> => {
  if (!passwordHash) {
    decoyHash ??= hashPassword('decoy password for unknown users');
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
};
