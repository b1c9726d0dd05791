import { randomUUID } from 'node:crypto';

/** A new storage key: `yyyy/mm/<uuid>`, spreading files over folders and carrying no user input. */
export const generateStorageKey = (now: Date = new Date()): string => {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${now.getUTCFullYear()}/${month}/${randomUUID()}`;
};
