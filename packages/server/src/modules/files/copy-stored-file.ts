import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileStorage } from '../../storage/file-storage';
import { generateStorageKey } from '../../storage/generate-key';
import type { KeptFile } from './store-file';

// A second stored copy of a file's bytes under a new key (outsourcing copies order files to the partner's
// list and the partner's results to the internal list): each list row owns its bytes, so deleting one
// never takes another's away. The bytes pass through a private temporary file because `put` takes a
// finished local file on every driver.

export type StoredFile = {
  storage_key: string;
  filename: string;
  content_type: string | null;
  size_bytes: number | null;
  sha256: string | null;
};

export const copyStoredFile = async (storage: FileStorage, source: StoredFile): Promise<KeptFile> => {
  const folder = await mkdtemp(path.join(tmpdir(), 'lab-copy-'));
  const temporary = path.join(folder, 'bytes');
  try {
    await pipeline(await storage.open(source.storage_key), createWriteStream(temporary, { mode: 0o600 }));
    const storage_key = generateStorageKey();
    const content_type = source.content_type ?? 'application/octet-stream';
    const sha256 = source.sha256 ?? '';
    await storage.put(storage_key, temporary, { contentType: content_type, sha256 });
    return {
      storage_key,
      filename: source.filename,
      content_type,
      size_bytes: source.size_bytes ?? 0,
      sha256,
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
};
