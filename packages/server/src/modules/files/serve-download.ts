import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq, isNull } from 'drizzle-orm';
import { AppError, isInlineViewable, serviceFileUid, uploadMessages, viewerKindOf } from '@lab/domain';
import type { Db, Queryable } from '../../db/client';
import { files } from '../../db/schema/index';
import { contentDisposition } from '../../storage/content-disposition';
import type { FileStorage } from '../../storage/file-storage';
import { consumeFileLink, createDownloadUrl, type FileRow } from './file-links';
import { contentTypeFor } from './store-file';

// GET /files/?fileName= hands out a one-time download link; GET /files/download/{token} uses it up and
// answers the bytes (local disk) or a redirect to a short-lived presigned address (S3).

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How long a presigned S3 address works: only long enough for the browser to follow the redirect. */
export const presignedDownloadSeconds = 60;

const fileNotFound = () => new AppError('not_found', { message: uploadMessages.fileNotFound });

const isDownloadable = (file: Pick<FileRow, 'upload_state' | 'deleted_at'>): boolean =>
  file.upload_state === 'complete' && file.deleted_at === null;

/**
 * The file named `{uid}/{name}` (the service's name) or by its bare uid; the uid alone identifies it,
 * so a name part that was shown and sent back differently still finds the file.
 */
export const requestDownloadLink = async (
  db: Db,
  request: { fileName: string; ttlMinutes: number },
): Promise<{ oneTimeDownloadLink: string }> => {
  const name = request.fileName.trim();
  const uid = serviceFileUid(name) ?? (uuidPattern.test(name) ? name.toLowerCase() : null);
  if (!uid) throw fileNotFound();
  const [file] = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.uid, uid), eq(files.upload_state, 'complete'), isNull(files.deleted_at)))
    .limit(1);
  if (!file) throw fileNotFound();
  return {
    oneTimeDownloadLink: await createDownloadUrl(db, { fileId: file.id, ttlMinutes: request.ttlMinutes }),
  };
};

export type DownloadAnswer =
  { kind: 'redirect'; url: string } | { kind: 'stream'; body: Readable; headers: Record<string, string> };

/**
 * Reads the stored bytes once through sha256 and compares them with what the upload recorded; only a
 * file that matches is opened again and sent. A mismatch (or a row without a hash) is a 500 whose error
 * the error handler logs: corrupt bytes never reach a user.
 */
const openVerified = async (storage: FileStorage, file: FileRow): Promise<Readable> => {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of await storage.open(file.storage_key)) {
    const bytes = chunk as Buffer;
    hash.update(bytes);
    size += bytes.length;
  }
  const digest = hash.digest('hex');
  if (!file.sha256 || digest !== file.sha256 || size !== file.size_bytes) {
    throw new Error(
      `stored file ${file.uid} (key ${file.storage_key}) failed its integrity check: ` +
        `sha256 ${digest} (${size} bytes), recorded ${file.sha256 ?? 'none'} (${file.size_bytes ?? '?'} bytes)`,
    );
  }
  return storage.open(file.storage_key);
};

export const serveDownload = async (
  db: Queryable,
  storage: FileStorage,
  request: { token: string; wantsInline: boolean },
): Promise<DownloadAnswer> => {
  const file = await consumeFileLink(db, request.token, 'download');
  if (!isDownloadable(file)) throw fileNotFound();
  const inline = request.wantsInline && isInlineViewable(file.filename);
  const contentType = file.content_type ?? contentTypeFor(file.filename);
  // A presigned answer cannot carry a Content-Security-Policy, so inline HTML is always ours to send,
  // sandboxed, on S3 too: a design page's scripts never run as a page of the store's origin.
  const isSandboxed = inline && viewerKindOf(file.filename) === 'html';

  const presigned = isSandboxed
    ? null
    : await storage.presignDownload(file.storage_key, {
        filename: file.filename,
        inline,
        contentType,
        expiresInSeconds: presignedDownloadSeconds,
      });
  if (presigned) return { kind: 'redirect', url: presigned };

  const body = await openVerified(storage, file);
  const headers: Record<string, string> = {
    'content-type': contentType,
    'content-length': String(file.size_bytes ?? 0),
    'content-disposition': contentDisposition(inline ? 'inline' : 'attachment', file.filename),
  };
  // An HTML page shown inline runs in an opaque origin: its scripts never touch our cookies or API.
  if (isSandboxed) headers['content-security-policy'] = 'sandbox allow-scripts';
  return { kind: 'stream', body, headers };
};
