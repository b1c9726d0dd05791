import { Algorithm, hash, verify } from '@node-rs/argon2';

export const hashPassword = (password: string): Promise<string> =>
  hash(password, { algorithm: Algorithm.Argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 });

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
