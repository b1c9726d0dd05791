import { eq } from 'drizzle-orm';
import {
  AppError,
  canRestoreImage,
  isImageFile,
  uploadLimitBytes,
  uploadMessages,
  type AttachmentAction,
  type FileLinkAnswer,
} from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import { inTransaction, type Db, type Queryable, type Tx } from '../../db/client';
import { files, message_attachments, messages } from '../../db/schema/index';
import type { UploadedPart } from '../../http/multipart-upload';
import type { FileStorage } from '../../storage/file-storage';
import { writeFileAudit } from '../files/file-audit';
import { createDownloadUrl } from '../files/file-links';
import { repointFileReferences } from '../files/file-references';
import {
  editedImageName,
  forgetKeptFiles,
  insertFileRow,
  keepUpload,
  type KeptFile,
} from '../files/store-file';

// Message attachments on the shared storage (collection-views §7): a one-time link to view one, and the
// image editor's blur / restore. The attachment row points at the file shown; blurring points it at an
// edited copy (the original is kept), restoring points it back and soft-deletes the copy.

type AttachmentRecord = {
  uid: string;
  message_uid: string;
  file_name: string;
  file: typeof files.$inferSelect;
  collection_uid: string | null;
  case_uid: string | null;
};

const notFound = () => new AppError('not_found', { message: uploadMessages.fileNotFound });

const loadAttachment = async (q: Queryable, uid: string, lock: boolean): Promise<AttachmentRecord> => {
  const query = q
    .select({
      uid: message_attachments.uid,
      message_uid: message_attachments.message_uid,
      file_name: message_attachments.file_name,
      file: files,
      collection_uid: messages.case_collection_uid,
      case_uid: messages.case_uid,
    })
    .from(message_attachments)
    .innerJoin(files, eq(files.id, message_attachments.file_id))
    .innerJoin(messages, eq(messages.uid, message_attachments.message_uid))
    .where(eq(message_attachments.uid, uid))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: message_attachments }) : await query;
  if (!row || row.file.deleted_at !== null || row.file.upload_state !== 'complete') throw notFound();
  return row;
};

export const linkAttachment = async (
  db: Db,
  options: { uid: string; linkTtlMinutes: number },
): Promise<FileLinkAnswer> => {
  const attachment = await loadAttachment(db, options.uid, false);
  return {
    url: await createDownloadUrl(db, { fileId: attachment.file.id, ttlMinutes: options.linkTtlMinutes }),
  };
};

export type AttachmentAnswer = { uid: string; file_name: string; blurred: boolean };

const present = (a: AttachmentRecord, fileShown: typeof files.$inferSelect): AttachmentAnswer => ({
  uid: a.uid,
  file_name: a.file_name,
  blurred: fileShown.blurred_from_file_id !== null,
});

const audit = (
  tx: Tx,
  a: AttachmentRecord,
  actor: StaffActor,
  action: 'blurred' | 'restored',
  fileUid: string,
) =>
  writeFileAudit(tx, {
    fileUid,
    action,
    actor,
    caseUid: a.case_uid,
    collectionUid: a.collection_uid,
    changes: { filename: a.file_name, message_uid: a.message_uid },
  });

const blurAttachment = async (
  db: Db,
  options: { uid: string; refId: string; actor: StaffActor; kept: KeptFile },
): Promise<AttachmentAnswer> =>
  inTransaction(db, async (tx) => {
    const a = await loadAttachment(tx, options.uid, true);
    if (a.message_uid !== options.refId) throw notFound();
    if (!isImageFile(a.file_name) || !isImageFile(options.kept.filename)) {
      throw new AppError('validation_failed', { message: uploadMessages.notAnImage });
    }
    const originalId = a.file.blurred_from_file_id ?? a.file.id;
    if (a.file.blurred_from_file_id !== null) {
      await tx
        .update(files)
        .set({ deleted_at: new Date(), deleted_by_id: options.actor.id })
        .where(eq(files.id, a.file.id));
    }
    const copy = await insertFileRow(
      tx,
      { ...options.kept, filename: a.file.filename },
      {
        category: a.file.file_category as KeptCategory,
        case_uid: a.file.case_uid,
        collection_uid: a.file.collection_uid,
        uploaded_by_id: options.actor.id,
        blurred_from_file_id: originalId,
      },
    );
    // Every place showing the image (this message, an approval card) shows the blurred copy.
    await repointFileReferences(tx, a.file.id, copy.id);
    await audit(tx, a, options.actor, 'blurred', copy.uid);
    return { uid: a.uid, file_name: a.file_name, blurred: true };
  });

type KeptCategory = Parameters<typeof insertFileRow>[2]['category'];

const restoreAttachment = async (
  db: Db,
  options: { uid: string; refId: string; actor: StaffActor },
): Promise<AttachmentAnswer> => {
  if (!canRestoreImage(options.actor))
    throw new AppError('forbidden', { message: uploadMessages.restoreForbidden });
  return inTransaction(db, async (tx) => {
    const a = await loadAttachment(tx, options.uid, true);
    if (a.message_uid !== options.refId) throw notFound();
    const originalId = a.file.blurred_from_file_id;
    if (originalId === null) throw new AppError('conflict', { message: uploadMessages.notBlurred });
    const [original] = await tx.select().from(files).where(eq(files.id, originalId)).limit(1);
    if (!original || original.deleted_at !== null) throw notFound();
    await repointFileReferences(tx, a.file.id, original.id);
    await tx
      .update(files)
      .set({ deleted_at: new Date(), deleted_by_id: options.actor.id })
      .where(eq(files.id, a.file.id));
    await audit(tx, a, options.actor, 'restored', a.file.uid);
    return present(a, original);
  });
};

export const runAttachmentAction = async (
  db: Db,
  options: {
    uid: string;
    body: AttachmentAction;
    actor: StaffActor;
    storage: FileStorage;
    parts: readonly UploadedPart[];
  },
): Promise<AttachmentAnswer> => {
  const { body } = options;
  if (body.action === 'restore_attachment') {
    return restoreAttachment(db, { uid: options.uid, refId: body.ref_id, actor: options.actor });
  }
  const part = options.parts[0];
  if (!part || options.parts.length !== 1) {
    throw new AppError('validation_failed', {
      message: uploadMessages.noFiles,
      fields: { files: uploadMessages.noFiles },
    });
  }
  const limit = uploadLimitBytes.message_attachment;
  if (part.received.size > limit) {
    throw new AppError('payload_too_large', { message: uploadMessages.tooLarge(editedImageName, limit) });
  }
  const kept = await keepUpload(options.storage, { ...part, rawName: editedImageName });
  try {
    return await blurAttachment(db, { uid: options.uid, refId: body.ref_id, actor: options.actor, kept });
  } catch (error) {
    await forgetKeptFiles(options.storage, [kept]);
    throw error;
  }
};
