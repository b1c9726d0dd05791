import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { approval_files, files, message_attachments } from '../../db/schema/index';
import { publishCasesChanged, publishCollectionChanged } from '../../realtime/events';

// One image can show in three places: a Files card, an approval card (approval_files) and a message
// (message_attachments). Blurring, restoring and deleting it in one place must follow it to the others, or a
// client would still see the unblurred original on the approval, or a deleted file would linger there.

/** Points every approval file and message attachment showing `fromId` at `toId` (blur, restore). */
export const repointFileReferences = async (tx: Tx, fromId: number, toId: number): Promise<void> => {
  await tx.update(approval_files).set({ file_id: toId }).where(eq(approval_files.file_id, fromId));
  await tx.update(message_attachments).set({ file_id: toId }).where(eq(message_attachments.file_id, fromId));
};

/**
 * Soft-deletes the file with its whole family (its original when it is a blurred copy, and every live
 * copy), so no hidden original reappears. Answers each file deleted, for its audit row.
 */
export const softDeleteFileFamily = async (
  tx: Tx,
  file: { id: number; blurred_from_file_id: number | null },
  stamp: { now: Date; actorId: number | null },
): Promise<{ id: number; uid: string; filename: string }[]> => {
  const rootId = file.blurred_from_file_id ?? file.id;
  const deleted = await tx
    .update(files)
    .set({ deleted_at: stamp.now, deleted_by_id: stamp.actorId })
    .where(
      and(
        isNull(files.deleted_at),
        or(eq(files.id, rootId), eq(files.blurred_from_file_id, rootId), eq(files.id, file.id)),
      ),
    )
    .returning({
      id: files.id,
      uid: files.uid,
      filename: files.filename,
      collection_uid: files.collection_uid,
      case_uid: files.case_uid,
    });
  // Open pages of the files' collections hear of it, whether or not the caller audits each file.
  for (const row of deleted) {
    if (row.collection_uid) await publishCollectionChanged(tx, row.collection_uid);
    else if (row.case_uid) await publishCasesChanged(tx, [row.case_uid]);
  }
  return deleted.map(({ id, uid, filename }) => ({ id, uid, filename }));
};

/** The approval cards showing any of `fileIds` lose that file (soft delete); answers which approvals changed. */
export const removeFromApprovals = async (
  tx: Tx,
  fileIds: readonly number[],
  stamp: { now: Date; actorId: number | null },
): Promise<{ approval_uid: string; filename: string }[]> => {
  if (fileIds.length === 0) return [];
  return tx
    .update(approval_files)
    .set({ deleted_at: stamp.now, deleted_by_id: stamp.actorId })
    .where(and(inArray(approval_files.file_id, [...fileIds]), sql`${approval_files.deleted_at} IS NULL`))
    .returning({ approval_uid: approval_files.approval_uid, filename: approval_files.filename });
};
