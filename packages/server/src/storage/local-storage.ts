import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { AppError, uploadMessages } from '@lab/domain';
import type { FileStorage } from './file-storage';

// Local disk under DATA_DIR/files: the default for one machine. Keys are generated (`yyyy/mm/<uuid>`),
// checked against a strict pattern before they become a path, so nothing can point outside the root.

const safeKey = /^[a-z0-9][a-z0-9/_-]{0,200}$/i;

const resolveKey = (root: string, key: string): string => {
  if (!safeKey.test(key) || key.includes('..') || key.includes('//')) {
    throw new Error(`Refusing storage key ${JSON.stringify(key)}`);
  }
  return path.join(root, key);
};

export const createLocalStorage = (root: string): FileStorage => ({
  driver: 'local',

  put: async (key, sourcePath) => {
    const target = resolveKey(root, key);
    await mkdir(path.dirname(target), { recursive: true });
    // Copy to a temporary name, then rename: a reader never sees half a file.
    // A failed copy (disk full, say) takes its partial file with it, so nothing half-written stays behind.
    const partial = `${target}.partial`;
    try {
      await copyFile(sourcePath, partial);
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  },

  open: async (key) => {
    const target = resolveKey(root, key);
    try {
      await stat(target);
    } catch {
      throw new AppError('not_found', { message: uploadMessages.fileNotFound });
    }
    return createReadStream(target) as Readable;
  },

  remove: async (key) => {
    await rm(resolveKey(root, key), { force: true });
  },

  // Local files are streamed by the server behind its own one-time link.
  presignDownload: () => Promise.resolve(null),
});
