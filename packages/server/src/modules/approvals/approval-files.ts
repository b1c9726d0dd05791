import { and, eq, isNull } from 'drizzle-orm';
import { AppError, uploadMessages, type CollectionApproval } from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import { inTransaction, type Db, type Tx } from '../../db/client';
import { approval_files, approvals, files } from '../../db/schema/index';
import type { UploadedPart } from '../../http/multipart-upload';
import type { FileStorage } from '../../storage/file-storage';
import { type ActionCase, saveCaseChanges } from '../cases/kernel';
import { softDeleteFileFamily } from '../files/file-references';
import { writeFileAudit } from '../files/file-audit';
import { forgetKeptFiles, insertFileRow, keepUploadedParts, type KeptFile } from '../files/store-file';
import {
  approvalNotFound,
  assertApprovalOpen,
  isUuid,
  lockApproval,
  recordApprovalChange,
} from './approval-records';
import { presentApproval } from './present-approval';

// An approval's files (case-workspace §7): sent with the request, attached later (POST
// /api/v2/approval/{uid}/attach/) or deleted (DELETE /api/v2/approval/file/{id}/), only while it is
// pending. Each is a files row of category approval_file on the case (so the Files tab lists it) and an
// approval_files row; deletes are soft, with audit rows.

/** The size cap, type and content checks, then storage — before any transaction. */
export const keepApprovalFiles = (
  storage: FileStorage,
  parts: readonly UploadedPart[],
): Promise<KeptFile[]> => keepUploadedParts(storage, parts, 'approval_file');

/** Records stored files on the approval and its case, each with its file audit row. */
export const addApprovalFiles = async (
  tx: Tx,
  entry: {
    approvalUid: string;
    actionCase: ActionCase;
    kept: readonly KeptFile[];
    actor: StaffActor;
    now: Date;
  },
): Promise<{ file_id: number; filename: string }[]> => {
  const { actionCase, actor, now } = entry;
  const added: { file_id: number; filename: string }[] = [];
  for (const file of entry.kept) {
    const row = await insertFileRow(tx, file, {
      category: 'approval_file',
      case_uid: actionCase.row.uid,
      collection_uid: actionCase.collection.uid,
      uploaded_by_id: actor.id,
    });
    await tx
      .insert(approval_files)
      .values({ approval_uid: entry.approvalUid, file_id: row.id, filename: row.filename, added: now });
    await writeFileAudit(tx, {
      fileUid: row.uid,
      action: 'uploaded',
      actor,
      caseUid: actionCase.row.uid,
      collectionUid: actionCase.collection.uid,
      changes: {
        filename: row.filename,
        file_category: 'approval_file',
        size_bytes: file.size_bytes,
        approval_uid: entry.approvalUid,
      },
      now,
    });
    added.push({ file_id: row.id, filename: row.filename });
  }
  return added;
};

/** 404 or 409 before any bytes are stored; the transaction checks again under the lock. */
const precheckOpenApproval = async (db: Db, rawUid: string): Promise<void> => {
  if (!isUuid(rawUid)) throw approvalNotFound();
  const [row] = await db.select().from(approvals).where(eq(approvals.uid, rawUid)).limit(1);
  if (!row) throw approvalNotFound();
  assertApprovalOpen(row);
};

export const attachApprovalFiles = async (
  db: Db,
  options: { uid: string; parts: readonly UploadedPart[]; actor: StaffActor; storage: FileStorage },
): Promise<CollectionApproval> => {
  await precheckOpenApproval(db, options.uid);
  if (options.parts.length === 0) {
    throw new AppError('validation_failed', {
      message: uploadMessages.noFiles,
      fields: { files: uploadMessages.noFiles },
    });
  }
  const kept = await keepApprovalFiles(options.storage, options.parts);
  let uid: string;
  try {
    uid = await inTransaction(db, async (tx) => {
      const { approval, actionCase } = await lockApproval(tx, options.uid);
      assertApprovalOpen(approval);
      const now = new Date();
      const added = await addApprovalFiles(tx, {
        approvalUid: approval.uid,
        actionCase,
        kept,
        actor: options.actor,
        now,
      });
      const names = added.map((a) => a.filename);
      await recordApprovalChange(tx, {
        approvalUid: approval.uid,
        actionCase,
        action: 'files_added',
        actor: options.actor,
        now,
        changes: { files: names },
      });
      await saveCaseChanges(tx, {
        actionCase,
        actor: options.actor,
        now,
        set: {},
        changes: { approval_files: { old: null, new: names.join(', ') } },
      });
      return approval.uid;
    });
  } catch (error) {
    await forgetKeptFiles(options.storage, kept);
    throw error;
  }
  return presentApproval(db, uid);
};

const fileNotFound = (): AppError => new AppError('not_found', { message: uploadMessages.fileNotFound });

const findLiveApprovalFile = async (tx: Tx, id: number, lock: boolean) => {
  const query = tx
    .select({
      id: approval_files.id,
      approval_uid: approval_files.approval_uid,
      file_id: approval_files.file_id,
      filename: approval_files.filename,
      file_uid: files.uid,
    })
    .from(approval_files)
    .innerJoin(files, eq(files.id, approval_files.file_id))
    .where(and(eq(approval_files.id, id), isNull(approval_files.deleted_at)))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: approval_files }) : await query;
  return row ?? null;
};

/** DELETE /api/v2/approval/file/{id}/: `id` is the approval card's file id (approval_files.id). */
export const deleteApprovalFile = async (
  db: Db,
  options: { id: number; actor: StaffActor },
): Promise<CollectionApproval> => {
  const uid = await inTransaction(db, async (tx) => {
    const found = await findLiveApprovalFile(tx, options.id, false);
    if (!found) throw fileNotFound();
    const { approval, actionCase } = await lockApproval(tx, found.approval_uid);
    // Read again under the approval's lock: a delete running at the same time may have won.
    const file = await findLiveApprovalFile(tx, options.id, true);
    if (!file) throw fileNotFound();
    assertApprovalOpen(approval);
    const now = new Date();
    const deleted = { deleted_at: now, deleted_by_id: options.actor.id };
    await tx.update(approval_files).set(deleted).where(eq(approval_files.id, file.id));
    // With its original or blurred copies: none may stay on the Files tab or in the message.
    const [row] = await tx
      .select({ id: files.id, blurred_from_file_id: files.blurred_from_file_id })
      .from(files)
      .where(eq(files.id, file.file_id));
    if (row) await softDeleteFileFamily(tx, row, { now, actorId: options.actor.id });
    await writeFileAudit(tx, {
      fileUid: file.file_uid,
      action: 'deleted',
      actor: options.actor,
      caseUid: actionCase.row.uid,
      collectionUid: actionCase.collection.uid,
      changes: { filename: file.filename, file_category: 'approval_file', approval_uid: approval.uid },
      now,
    });
    await recordApprovalChange(tx, {
      approvalUid: approval.uid,
      actionCase,
      action: 'file_deleted',
      actor: options.actor,
      now,
      changes: { file: file.filename },
    });
    await saveCaseChanges(tx, {
      actionCase,
      actor: options.actor,
      now,
      set: {},
      changes: { approval_files: { old: file.filename, new: null } },
    });
    return approval.uid;
  });
  return presentApproval(db, uid);
};
