import { AppError, sanitizeFileName, uploadLimitBytes, uploadMessages, type CaseAction } from '@lab/domain';
import type { UploadedPart } from '../../http/multipart-upload';
import type { FileStorage } from '../../storage/file-storage';
import type { CaseActionHandlers, CaseActionPlugins } from '../cases/kernel';
import {
  blurCaseFile,
  deleteCaseFile,
  linkCaseFile,
  restoreCaseFile,
  uploadCaseFiles,
} from './case-file-actions';
import { editedImageName, forgetKeptFiles, keepUpload, type KeptFile } from './store-file';
import { uploadReturnFile } from './upload-return-file';

// The files module's slice of POST /api/v2/case/{case_id}/ (case-workspace §7 'upload_files',
// 'delete_file', …): its handlers, and the preparation its multipart actions need before the transaction.
// The app plugs both into the cases module's runner (case-action-plugins.ts).

export const fileCaseActionHandlers = {
  upload_files: uploadCaseFiles,
  blur_file: blurCaseFile,
  delete_file: deleteCaseFile,
  file_link: linkCaseFile,
  restore_file: restoreCaseFile,
  upload_return_file: uploadReturnFile,
} satisfies CaseActionHandlers<
  'upload_files' | 'blur_file' | 'delete_file' | 'file_link' | 'restore_file' | 'upload_return_file'
>;

/**
 * The per-category size limit, then type and content checks; the bytes go to storage before the
 * transaction, and `forgetKeptFiles` removes them again if it fails.
 */
export const keepCaseActionParts = async (
  storage: FileStorage,
  body: CaseAction,
  parts: readonly UploadedPart[],
): Promise<KeptFile[]> => {
  if (body.action !== 'upload_files' && body.action !== 'blur_file') return [];
  const limit = uploadLimitBytes[body.type];
  const kept: KeptFile[] = [];
  try {
    for (const part of parts) {
      if (part.received.size > limit) {
        throw new AppError('payload_too_large', {
          message: uploadMessages.tooLarge(sanitizeFileName(part.rawName), limit),
        });
      }
      // The image editor saves PNG whatever the part is called; the content check holds it to that.
      const rawName = body.action === 'blur_file' ? editedImageName : part.rawName;
      kept.push(await keepUpload(storage, { ...part, rawName }));
    }
  } catch (error) {
    await forgetKeptFiles(storage, kept);
    throw error;
  }
  return kept;
};

/** The multipart preparation the case-action runner runs around every action, and its undoing. */
export const fileCaseActionParts = {
  keepParts: keepCaseActionParts,
  forgetKept: forgetKeptFiles,
} satisfies Pick<CaseActionPlugins, 'keepParts' | 'forgetKept'>;
