import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { AppError, uploadMessages } from '@lab/domain';
import type { Queryable } from '../../db/client';
import { file_links, files } from '../../db/schema/index';

// One-time links of the file service. The token is a capability (256 random bits, base64url) handed to
// whoever uploads or downloads; only its sha256 is stored, so a leaked database cannot replay links.
// Times are the database's own clock, so several server processes agree on expiry.

export type FileLinkPurpose = 'upload' | 'download';
export type FileRow = typeof files.$inferSelect;

// randomBytes(32) in base64url is always 43 characters; anything else cannot be one of ours.
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export const uploadLinkPath = (token: string): string => `/files/upload/${token}`;
export const downloadLinkPath = (token: string): string => `/files/download/${token}`;

/** Issues a link for the file; answers the token, which is never stored or logged. */
export const createFileLink = async (
  q: Queryable,
  link: { fileId: number; purpose: FileLinkPurpose; ttlMinutes: number },
): Promise<string> => {
  const token = randomBytes(32).toString('base64url');
  await q.insert(file_links).values({
    token_hash: hashToken(token),
    file_id: link.fileId,
    purpose: link.purpose,
    expires_at: sql`now() + make_interval(mins => ${link.ttlMinutes})`,
  });
  return token;
};

/**
 * A relative one-time download address (`/files/download/{token}`) for a stored file: what file_link
 * and message attachments answer. Add `?inline=1` to ask for inline display of what the viewer shows.
 */
export const createDownloadUrl = async (
  q: Queryable,
  link: { fileId: number; ttlMinutes: number },
): Promise<string> =>
  downloadLinkPath(
    await createFileLink(q, { fileId: link.fileId, purpose: 'download', ttlMinutes: link.ttlMinutes }),
  );

/**
 * Uses the link up and answers its file. One UPDATE both checks and marks it, so of any number of
 * simultaneous uses exactly one wins. 404 for a token we never issued, 410 for one used or expired.
 */
export const consumeFileLink = async (
  db: Queryable,
  token: string,
  purpose: FileLinkPurpose,
): Promise<FileRow> => {
  const notFound = new AppError('not_found', { message: 'Not Found' });
  if (!tokenPattern.test(token)) throw notFound;
  const tokenHash = hashToken(token);
  const [used] = await db
    .update(file_links)
    .set({ used_at: sql`now()` })
    .where(
      and(
        eq(file_links.token_hash, tokenHash),
        eq(file_links.purpose, purpose),
        isNull(file_links.used_at),
        gt(file_links.expires_at, sql`now()`),
      ),
    )
    .returning({ fileId: file_links.file_id });
  if (!used) {
    const [known] = await db
      .select({ purpose: file_links.purpose })
      .from(file_links)
      .where(and(eq(file_links.token_hash, tokenHash), eq(file_links.purpose, purpose)))
      .limit(1);
    if (known) throw new AppError('gone', { message: uploadMessages.linkGone });
    throw notFound;
  }
  const [file] = await db.select().from(files).where(eq(files.id, used.fileId)).limit(1);
  // The link row cascades with its file, so a used link always has one; guard anyway.
  if (!file) throw notFound;
  return file;
};
