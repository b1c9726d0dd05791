import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  AppError,
  displayFileName,
  messageTextsExtra,
  serviceFileName,
  serviceFileUid,
  uploadLimitBytes,
  uploadMessages,
} from '@lab/domain';
import type { Tx } from '../../db/client';
import { collections, files } from '../../db/schema/index';

// oft_attachments: the file service names (`{uid}/{name}`) of files the composer uploaded for this
// message. Each must be a completed upload of the message's collection that nothing uses yet
// (collection_file); it becomes the message's note_attachment (staff-only notes) or message_attachment,
// so a file is attached once. The claim is one UPDATE … RETURNING, so two messages racing for one file
// cannot both get it.

export type ClaimedAttachment = { file_id: number; file_name: string; blurred: boolean };

const unknownAttachment = (): AppError =>
  new AppError('validation_failed', {
    message: messageTextsExtra.unknownAttachment,
    fields: { oft_attachments: messageTextsExtra.unknownAttachment },
  });

/** The names sent, once each: a second file of the same shown name is skipped (case-workspace §5). */
export const distinctAttachmentNames = (value: string | string[] | undefined): string[] => {
  const names = (Array.isArray(value) ? value : value === undefined ? [] : [value])
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const seen = new Set<string>();
  return names.filter((name) => {
    const shown = displayFileName(name);
    if (seen.has(shown)) return false;
    seen.add(shown);
    return true;
  });
};

/**
 * Whose files may be attached: the collection's; for a CLIENT_NOTE written without a collection, the
 * files of any of the client's collections.
 */
export const attachableFilesOf = (owner: { collectionUid: string | null; clientId: number }): SQL =>
  owner.collectionUid
    ? eq(files.collection_uid, owner.collectionUid)
    : inArray(
        files.collection_uid,
        sql`(select ${collections.uid} from ${collections} where ${collections.shipping_client_id} = ${owner.clientId})`,
      );

export const claimAttachments = async (
  tx: Tx,
  options: { names: string[]; owner: SQL; category: 'note_attachment' | 'message_attachment' },
): Promise<ClaimedAttachment[]> => {
  if (options.names.length === 0) return [];
  const uids = options.names.map((name) => {
    const uid = serviceFileUid(name);
    if (!uid) throw unknownAttachment();
    return uid;
  });
  const claimed = await tx
    .update(files)
    .set({ file_category: options.category })
    .where(
      and(
        inArray(files.uid, uids),
        eq(files.file_category, 'collection_file'),
        eq(files.upload_state, 'complete'),
        isNull(files.deleted_at),
        options.owner,
      ),
    )
    .returning({
      id: files.id,
      uid: files.uid,
      filename: files.filename,
      size_bytes: files.size_bytes,
      blurred_from_file_id: files.blurred_from_file_id,
    });
  const byUid = new Map(claimed.map((file) => [file.uid, file]));
  return options.names.map((name, index) => {
    const file = byUid.get(uids[index] ?? '');
    // The whole name must match, not only its uid (the transaction rolls the claim back).
    if (!file || serviceFileName(file.uid, file.filename) !== name) throw unknownAttachment();
    // The file service takes up to a collection file's size; an attachment has its own, smaller limit.
    const limit = uploadLimitBytes[options.category];
    if ((file.size_bytes ?? 0) > limit) {
      throw new AppError('payload_too_large', {
        message: uploadMessages.tooLarge(displayFileName(name), limit),
      });
    }
    return {
      file_id: file.id,
      file_name: displayFileName(name),
      blurred: file.blurred_from_file_id !== null,
    };
  });
};
