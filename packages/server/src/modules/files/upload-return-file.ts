import { and, eq, isNull } from 'drizzle-orm';
import { AppError, caseActionMessages, uploadMessages } from '@lab/domain';
import { case_return_files, files } from '../../db/schema/index';
import { writeFileAudit } from './file-audit';
import { answerCase, saveCaseChanges, type CaseActionHandler } from '../cases/kernel';

/**
 * upload_return_file: registers a file already uploaded through the file service (/files) as the case's
 * return file. Only an active case whose job type requires one; the file must be a finished upload of
 * this case's collection. The name shown is the file's own (sanitised) name, not the one in the body.
 */
export const uploadReturnFile: CaseActionHandler<'upload_return_file'> = async (tx, input) => {
  const { actionCase, body, actor, now } = input;
  const { row } = actionCase;
  if (!row.requires_return_file || !row.active) {
    throw new AppError('conflict', { message: uploadMessages.returnFileNotRequired });
  }
  const [file] = await tx
    .select()
    .from(files)
    .where(
      and(
        eq(files.uid, body.oft_file_uid),
        eq(files.collection_uid, actionCase.collection.uid),
        eq(files.upload_state, 'complete'),
        isNull(files.deleted_at),
      ),
    )
    .limit(1)
    .for('update');
  // Only a file service upload not yet used for anything else (a second registration would list it twice).
  if (
    !file ||
    file.file_category !== 'collection_file' ||
    (file.case_uid !== null && file.case_uid !== row.uid)
  ) {
    throw new AppError('validation_failed', {
      message: caseActionMessages.returnFileNotUploaded,
      fields: { oft_file_uid: caseActionMessages.returnFileNotUploaded },
    });
  }
  await tx
    .update(files)
    .set({ file_category: 'return_file', case_uid: row.uid })
    .where(eq(files.id, file.id));
  await tx.insert(case_return_files).values({
    case_uid: row.uid,
    oft_file_name: file.filename,
    oft_file_uid: file.uid,
    created_at: now,
    created_by_id: actor.id,
  });
  await writeFileAudit(tx, {
    fileUid: file.uid,
    action: 'registered',
    actor,
    caseUid: row.uid,
    collectionUid: actionCase.collection.uid,
    changes: { filename: file.filename, file_category: 'return_file' },
    now,
  });
  await saveCaseChanges(tx, {
    actionCase,
    actor,
    now,
    set: {},
    changes: { return_files: { old: null, new: file.filename } },
  });
  return answerCase(row.uid);
};
