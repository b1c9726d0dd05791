import { and, eq, isNull, sql } from 'drizzle-orm';
import { AppError, uploadMessages, type CaseFileType } from '@lab/domain';
import type { Tx } from '../../db/client';
import { files } from '../../db/schema/index';

// The file a case file action names: it must be a live file of that case and that list (type), so an id
// of another case, another list or a deleted file is 404 like an unknown one.

export type CaseFileRow = typeof files.$inferSelect;

export const loadCaseFile = async (
  tx: Tx,
  target: { caseUid: string; type: CaseFileType; fileId: number },
): Promise<CaseFileRow> => {
  const [row] = await tx
    .select()
    .from(files)
    .where(
      and(
        eq(files.id, target.fileId),
        eq(files.case_uid, target.caseUid),
        eq(files.file_category, target.type),
        eq(files.upload_state, 'complete'),
        isNull(files.deleted_at),
        // An original behind a live blurred copy is not listed, so it cannot be acted on by id either
        // (a second copy would hide it for good).
        sql`NOT EXISTS (SELECT 1 FROM files AS blurred_copy
                        WHERE blurred_copy.blurred_from_file_id = ${files.id}
                          AND blurred_copy.deleted_at IS NULL)`,
      ),
    )
    .limit(1)
    .for('update');
  if (!row) throw new AppError('not_found', { message: uploadMessages.fileNotFound });
  return row;
};

/** The list's name on the case ('order_file' → 'order_files'), as the Audit tab names the change. */
export const caseFileListName = (type: string): string => `${type}s`;
