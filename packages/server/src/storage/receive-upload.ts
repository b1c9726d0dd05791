import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, rmSync } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError, sanitizeFileName, uploadMessages } from '@lab/domain';

// Every upload is first streamed to a private temporary file: its size is capped while it arrives
// (413 as soon as the cap is passed, nothing kept), its sha256 is computed on the way, and its first and
// last bytes are kept for the content check. Only a checked file is handed to storage.

export type ReceivedUpload = {
  path: string;
  size: number;
  sha256: string;
  head: Uint8Array;
  tail: Uint8Array;
  /** Deletes the temporary file (safe to call twice). */
  discard: () => Promise<void>;
};

const sampleBytes = 8192;

export const uploadTempDir = path.join(os.tmpdir(), 'lab-cases-uploads');

// The temporary files not yet discarded. A process that stops with uploads under way (a drain cutting a
// stalled one, lifecycle/drain.ts) exits before their asynchronous discard: they go on the way out.
const undiscarded = new Set<string>();
process.on('exit', () => {
  for (const filePath of undiscarded) rmSync(filePath, { force: true });
});

const readTail = async (filePath: string, size: number): Promise<Uint8Array> => {
  const length = Math.min(size, sampleBytes);
  if (length === 0) return new Uint8Array();
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(length);
    await handle.read(buffer, 0, length, size - length);
    return new Uint8Array(buffer);
  } finally {
    await handle.close();
  }
};

export const receiveUpload = async (
  source: Readable,
  options: { name: string; maxBytes: number },
): Promise<ReceivedUpload> => {
  await mkdir(uploadTempDir, { recursive: true, mode: 0o700 });
  const filePath = path.join(uploadTempDir, randomUUID());
  undiscarded.add(filePath);
  const discard = async () => {
    await rm(filePath, { force: true });
    undiscarded.delete(filePath);
  };
  // The name is the client's (a multipart part's filename): only its sanitised form may reach a message.
  const tooLarge = () =>
    new AppError('payload_too_large', {
      message: uploadMessages.tooLarge(sanitizeFileName(options.name), options.maxBytes),
    });
  const hash = createHash('sha256');
  const headChunks: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > options.maxBytes) {
        callback(tooLarge());
        return;
      }
      hash.update(chunk);
      if (headLength < sampleBytes) {
        headChunks.push(chunk.subarray(0, sampleBytes - headLength));
        headLength += Math.min(chunk.length, sampleBytes - headLength);
      }
      callback(null, chunk);
    },
  });
  try {
    await pipeline(source, meter, createWriteStream(filePath, { mode: 0o600 }));
  } catch (error) {
    await discard();
    // Multipart parsers report their own size limit as a truncated stream.
    if (isTruncation(error)) throw tooLarge();
    throw error;
  }
  try {
    return {
      path: filePath,
      size,
      sha256: hash.digest('hex'),
      head: new Uint8Array(Buffer.concat(headChunks)),
      tail: await readTail(filePath, size),
      discard,
    };
  } catch (error) {
    await discard();
    throw error;
  }
};

const isTruncation = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
