import {
  caseActionAnswerSchema,
  fileLinkAnswerSchema,
  type CaseFileType,
  type CaseUploadType,
  type CollectionCase,
} from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { sendWithProgress, type UploadProgress } from '../../../lib/upload-with-progress';

// The Files tab's case actions (POST /api/v2/case/{case_id}/, case-workspace §7). upload_files and
// blur_file are multipart: the action's fields first, then the files.

const casePath = (caseId: number) => `/api/v2/case/${caseId}/`;

export const uploadCaseFiles = (
  caseId: number,
  type: CaseUploadType,
  files: readonly File[],
  onProgress?: UploadProgress,
): Promise<CollectionCase> => {
  const form = new FormData();
  form.append('action', 'upload_files');
  form.append('type', type);
  for (const file of files) form.append('files', file, file.name);
  return sendWithProgress({
    method: 'POST',
    url: casePath(caseId),
    body: form,
    schema: caseActionAnswerSchema,
    isAuthenticated: true,
    onProgress,
    retrySafely: true,
  });
};

export const deleteCaseFile = (caseId: number, type: CaseFileType, fileId: number): Promise<CollectionCase> =>
  apiClient.postOnce(
    casePath(caseId),
    { action: 'delete_file', type, file_id: fileId },
    caseActionAnswerSchema,
  );

/** A one-time address of the file: fetch it once (the viewer) or open it once (download). */
export const fetchCaseFileLink = async (
  caseId: number,
  type: CaseFileType,
  fileId: number,
): Promise<string> =>
  (
    await apiClient.post(
      casePath(caseId),
      { action: 'file_link', type, file_id: fileId },
      fileLinkAnswerSchema,
    )
  ).url;

export const blurCaseFile = (
  caseId: number,
  type: CaseFileType,
  fileId: number,
  png: Blob,
): Promise<CollectionCase> => {
  const form = new FormData();
  form.append('action', 'blur_file');
  form.append('type', type);
  form.append('file_id', String(fileId));
  form.append('files', png, 'edited.png');
  return apiClient.request('POST', casePath(caseId), {
    body: form,
    schema: caseActionAnswerSchema,
    retrySafely: true,
  });
};

export const restoreCaseFile = (
  caseId: number,
  type: CaseFileType,
  fileId: number,
): Promise<CollectionCase> =>
  apiClient.postOnce(
    casePath(caseId),
    { action: 'restore_file', type, file_id: fileId },
    caseActionAnswerSchema,
  );

/** POST /api/v2/case/{caseId}/camera_upload/: the Photo card's JPEG becomes an internal file. */
export const uploadCameraPhoto = (caseId: number, jpeg: Blob, name: string): Promise<CollectionCase> => {
  const form = new FormData();
  form.append('name', name);
  form.append('image', jpeg, name);
  return apiClient.request('POST', `/api/v2/case/${caseId}/camera_upload/`, {
    body: form,
    schema: caseActionAnswerSchema,
    retrySafely: true,
  });
};

export const registerReturnFile = (
  caseId: number,
  file: { oft_file_name: string; oft_file_uid: string },
): Promise<CollectionCase> =>
  apiClient.postOnce(casePath(caseId), { action: 'upload_return_file', ...file }, caseActionAnswerSchema);
