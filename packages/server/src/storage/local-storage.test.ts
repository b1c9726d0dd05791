import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@lab/domain';
import type { FileStorage } from './file-storage';
import { createLocalStorage } from './local-storage';

// The local-disk driver on a real temporary folder: round trip, keys that could escape the root, and a
// failed copy that must not leave a partial file behind.

let root: string;
let storage: FileStorage;
const options = { contentType: 'application/octet-stream', sha256: '' };

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'lab-local-storage-'));
  storage = createLocalStorage(path.join(root, 'files'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const readAll = async (stream: Readable): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const filesUnder = async (folder: string): Promise<string[]> =>
  (await readdir(folder, { recursive: true })).map(String).sort();

describe('the local storage driver', () => {
  it('stores, opens and removes bytes under a generated key', async () => {
    const source = path.join(root, 'source.txt');
    await writeFile(source, 'crown bytes');
    await storage.put('2026/11/abc-123', source, options);
    expect(await readAll(await storage.open('2026/11/abc-123'))).toBe('crown bytes');
    await storage.remove('2026/11/abc-123');
    await expect(storage.open('2026/11/abc-123')).rejects.toBeInstanceOf(AppError);
  });

  it('refuses keys that could leave its folder', async () => {
    const source = path.join(root, 'source.txt');
    await writeFile(source, 'x');
    for (const key of ['../outside', '2026//x', '/etc/passwd', 'a/../../b', 'with space']) {
      await expect(storage.put(key, source, options)).rejects.toThrow(/Refusing storage key/);
    }
    expect(await filesUnder(root)).not.toContain('outside');
  });

  it('leaves no partial file when storing fails half-way', async () => {
    const source = path.join(root, 'source.txt');
    await writeFile(source, 'y');
    // A folder already stands where the file should go: the copy succeeds, the rename cannot.
    await storage.put('2026/11/taken/child', source, options);
    await expect(storage.put('2026/11/taken', source, options)).rejects.toThrow(/EISDIR|ENOTEMPTY|EEXIST/);
    const stored = await filesUnder(path.join(root, 'files'));
    expect(stored.filter((name) => name.endsWith('.partial'))).toEqual([]);
  });
});
