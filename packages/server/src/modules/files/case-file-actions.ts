import { eq } from 'drizzle-orm';
import { AppError, canRestoreImage, isImageFile, uploadMessages } from '@lab/domain';
import type { Tx } from '../../db/client';
import { files } from '../../db/schema/index';
import { writeAuditEvent } from '../../audit/write-audit-event';
import { removeFromApprovals, repointFileReferences, softDeleteFileFamily } from './file-references';
import { createDownloadUrl } from './file-links';
import { writeFileAudit } from './file-audit';
import { insertFileRow } from './store-file';
import {
  answerCase,
  saveCaseChanges,
  type ActionInput,
  type CaseActionBody,
  type CaseActionHandler,
} from '../cases/kernel';
import { caseFileListName, loadCaseFile, type CaseFileRow } from './case-file-rows';

// The Files tab's actions (case-workspace §7): upload_files, delete_file, file_link, blur_file,
// restore_file. Each change writes the file's audit_events row and the case's audit row in the action's
// transaction. Deletes are soft: the bytes stay for audit.

const recordCaseFileChange = async (
  tx: Tx,
  input: ActionInput<unknown>,
  change: { type: string; old: string | null; new: string | null },
): Promise<void> => {
  await saveCaseChanges(tx, {
    actionCase: input.actionCase,
    actor: input.actor,
    now: input.now,
    set: {},
    changes: { [caseFileListName(change.type)]: { old: change.old, new: change.new } },
  });
};

export const uploadCaseFiles: CaseActionHandler<'upload_files'> = async (tx, input) => {
  const { actionCase, body, kept, now } = input;
  if (kept.length === 0) {
    throw new AppError('validation_failed', {
      message: uploadMessages.noFiles,
      fields: { files: uploadMessages.noFiles },
    });
  }
  for (const file of kept) {
    const row = await insertFileRow(tx, file, {
      category: body.type,
      case_uid: actionCase.row.uid,
      collection_uid: actionCase.collection.uid,
      uploaded_by_id: input.actor.id,
    });
    await writeFileAudit(tx, {
      fileUid: row.uid,
      action: 'uploaded',
      actor: input.actor,
      caseUid: actionCase.row.uid,
      collectionUid: actionCase.collection.uid,
      changes: { filename: row.filename, file_category: body.type, size_bytes: file.size_bytes },
      now,
    });
  }
  await recordCaseFileChange(tx, input, {
    type: body.type,
    old: null,
    new: kept.map((k) => k.filename).join(', '),
  });
  return answerCase(actionCase.row.uid);
};

export const deleteCaseFile: CaseActionHandler<'delete_file'> = async (tx, input) => {
  const { actionCase, body, now } = input;
  const file = await loadCaseFile(tx, { caseUid: actionCase.row.uid, type: body.type, fileId: body.file_id });
  // A blurred copy and its original go together: deleting what the list shows deletes the image, also
  // from the approval cards that show it.
  const stamp = { now, actorId: input.actor.id };
  const deleted = await softDeleteFileFamily(tx, file, stamp);
  const ids = deleted.map((row) => row.id);
  for (const removed of await removeFromApprovals(tx, ids, stamp)) {
    await writeAuditEvent(tx, {
      entity: 'approval',
      entityId: removed.approval_uid,
      action: 'file_deleted',
      caseUid: actionCase.row.uid,
      collectionUid: actionCase.collection.uid,
      changes: { filename: removed.filename },
      actor: input.actor,
      at: now,
    });
  }
  // Every file of the family deleted (the original behind a blurred copy too) has its own audit row.
  for (const row of deleted) {
    await writeFileAudit(tx, {
      fileUid: row.uid,
      action: 'deleted',
      actor: input.actor,
      caseUid: actionCase.row.uid,
      collectionUid: actionCase.collection.uid,
      changes: { filename: row.filename, file_category: body.type },
      now,
    });
  }
  await recordCaseFileChange(tx, input, { type: body.type, old: file.filename, new: null });
  return answerCase(actionCase.row.uid);
};

/** A one-time download address of the file (the viewer fetches it once). */
export const linkCaseFile: CaseActionHandler<'file_link'> = async (tx, input) => {
  const { actionCase, body } = input;
  const file = await loadCaseFile(tx, { caseUid: actionCase.row.uid, type: body.type, fileId: body.file_id });
  return {
    kind: 'link',
    url: await createDownloadUrl(tx, { fileId: file.id, ttlMinutes: input.linkTtlMinutes }),
  };
};

const assertEditableImage = (file: CaseFileRow): void => {
  if (!isImageFile(file.filename))
    throw new AppError('validation_failed', { message: uploadMessages.notAnImage });
};

/**
 * blur_file: the edited image (a PNG from the image editor) becomes a new file standing in for the
 * original, which is kept for restore. Editing an edited image replaces the earlier copy; the copy always
 * points at the first original.
 */
export const blurCaseFile: CaseActionHandler<'blur_file'> = async (tx, input) => {
  const { actionCase, body, kept, now } = input;
  const edited = kept[0];
  if (!edited || kept.length !== 1) {
    const message = edited ? uploadMessages.oneImageOnly : uploadMessages.noFiles;
    throw new AppError('validation_failed', { message, fields: { files: message } });
  }
  const shown = await loadCaseFile(tx, {
    caseUid: actionCase.row.uid,
    type: body.type,
    fileId: body.file_id,
  });
  assertEditableImage(shown);
  if (!isImageFile(edited.filename))
    throw new AppError('validation_failed', { message: uploadMessages.notAnImage });
  const originalId = shown.blurred_from_file_id ?? shown.id;
  if (shown.blurred_from_file_id !== null) {
    await tx
      .update(files)
      .set({ deleted_at: now, deleted_by_id: input.actor.id })
      .where(eq(files.id, shown.id));
  }
  // The list keeps showing the original's name; the stored bytes are the edited PNG.
  const copy = await insertFileRow(
    tx,
    { ...edited, filename: shown.filename },
    {
      category: body.type,
      case_uid: actionCase.row.uid,
      collection_uid: actionCase.collection.uid,
      uploaded_by_id: input.actor.id,
      partner_id: shown.partner_id,
      blurred_from_file_id: originalId,
    },
  );
  // The approval card and the message showing the image show the blurred copy too.
  await repointFileReferences(tx, shown.id, copy.id);
  await writeFileAudit(tx, {
    fileUid: copy.uid,
    action: 'blurred',
    actor: input.actor,
    caseUid: actionCase.row.uid,
    collectionUid: actionCase.collection.uid,
    changes: { filename: shown.filename, original_file_id: originalId },
    now,
  });
  await recordCaseFileChange(tx, input, {
    type: body.type,
    old: shown.filename,
    new: `${shown.filename} (blurred)`,
  });
  return answerCase(actionCase.row.uid);
};

/** restore_file: admin or DESIGN only; the edited copy is soft-deleted, so the original shows again. */
export const restoreCaseFile: CaseActionHandler<'restore_file'> = async (tx, input) => {
  const { actionCase, body, now } = input;
  if (!canRestoreImage(input.actor))
    throw new AppError('forbidden', { message: uploadMessages.restoreForbidden });
  const shown = await loadCaseFile(tx, {
    caseUid: actionCase.row.uid,
    type: body.type,
    fileId: body.file_id,
  });
  if (shown.blurred_from_file_id === null)
    throw new AppError('conflict', { message: uploadMessages.notBlurred });
  await tx
    .update(files)
    .set({ deleted_at: now, deleted_by_id: input.actor.id })
    .where(eq(files.id, shown.id));
  await repointFileReferences(tx, shown.id, shown.blurred_from_file_id);
  await writeFileAudit(tx, {
    fileUid: shown.uid,
    action: 'restored',
    actor: input.actor,
    caseUid: actionCase.row.uid,
    collectionUid: actionCase.collection.uid,
    changes: { filename: shown.filename, original_file_id: shown.blurred_from_file_id },
    now,
  });
  await recordCaseFileChange(tx, input, {
    type: body.type,
    old: `${shown.filename} (blurred)`,
    new: shown.filename,
  });
  return answerCase(actionCase.row.uid);
};

export type CaseFileActionBody = CaseActionBody<'upload_files' | 'blur_file'>;
