import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileExtension } from '@lab/domain';
import { inArray, like } from 'drizzle-orm';
import { contentTypeFor } from '../../../modules/files/store-file';
import type { FileStorage } from '../../../storage/file-storage';
import type { Db } from '../../client';
import { files } from '../../schema/index';
import { demoFileContent } from './demo-file-bytes';

// The demo seed writes file rows only (`demo/{uid}` keys, stand-in size and hash). This puts real bytes
// behind them and makes the rows tell the truth about those bytes, so the viewer and downloads work on
// demo data. All files of one extension share one content: one temporary file and one UPDATE each.

// Enough parallel copies to hide per-file latency (local disk or S3) without opening thousands at once.
const concurrency = 16;
// Ids per UPDATE: far below PostgreSQL's 65,535 bind parameters.
const updateBatch = 5000;

type DemoContent = { sourcePath: string; size: number; sha256: string; contentType: string };

const forEachLimited = async <T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> => {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
};

/**
 * Stores bytes for every file row whose key starts with 'demo/' and updates its size, sha256 and content
 * type to match. Idempotent: a second run writes the same bytes again. Returns the number of files stored.
 */
export const storeDemoFiles = async (db: Db, storage: FileStorage): Promise<number> => {
  const rows = await db
    .select({ id: files.id, storage_key: files.storage_key, filename: files.filename })
    .from(files)
    .where(like(files.storage_key, 'demo/%'))
    .orderBy(files.id);
  if (rows.length === 0) return 0;

  const byExtension = new Map<string, typeof rows>();
  for (const row of rows) {
    const extension = fileExtension(row.filename);
    const group = byExtension.get(extension);
    if (group) group.push(row);
    else byExtension.set(extension, [row]);
  }

  const dir = await mkdtemp(path.join(os.tmpdir(), 'lab-demo-files-'));
  try {
    const contents = new Map<string, DemoContent>();
    for (const [extension, group] of byExtension) {
      const bytes = await demoFileContent(extension);
      const sourcePath = path.join(dir, `content-${contents.size}`);
      await writeFile(sourcePath, bytes);
      contents.set(extension, {
        sourcePath,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        contentType: contentTypeFor(group[0]?.filename ?? ''),
      });
    }

    await forEachLimited(rows, concurrency, async (row) => {
      const content = contents.get(fileExtension(row.filename));
      if (!content) throw new Error(`no demo content for ${row.filename}`);
      await storage.put(row.storage_key, content.sourcePath, {
        contentType: content.contentType,
        sha256: content.sha256,
      });
    });

    // Rows change only after their bytes are in place.
    for (const [extension, group] of byExtension) {
      const content = contents.get(extension);
      if (!content) continue;
      for (let start = 0; start < group.length; start += updateBatch) {
        const ids = group.slice(start, start + updateBatch).map((row) => row.id);
        await db
          .update(files)
          .set({ size_bytes: content.size, sha256: content.sha256, content_type: content.contentType })
          .where(inArray(files.id, ids));
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return rows.length;
};
