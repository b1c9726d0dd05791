import { z } from 'zod';
import { caseFileTypes, caseUploadTypes, fileIdField } from '../files';
import { action, caseActionMessages } from './action-kit';

export const fileCaseActions = [
  // Files (case-workspace §7). upload_files and blur_file arrive as multipart: the files are parts of
  // the request, never fields of the body.
  action('upload_files', { type: z.enum(caseUploadTypes, caseActionMessages.invalidFileType) }),
  action('blur_file', {
    type: z.enum(caseFileTypes, caseActionMessages.invalidFileType),
    file_id: fileIdField,
  }),
  action('delete_file', {
    type: z.enum(caseFileTypes, caseActionMessages.invalidFileType),
    file_id: fileIdField,
  }),
  action('file_link', {
    type: z.enum(caseFileTypes, caseActionMessages.invalidFileType),
    file_id: fileIdField,
  }),
  action('restore_file', {
    type: z.enum(caseFileTypes, caseActionMessages.invalidFileType),
    file_id: fileIdField,
  }),
  // The file service uid and name of a return file uploaded through /files.
  action('upload_return_file', {
    oft_file_name: z.string().trim().min(1, caseActionMessages.blank).max(4096),
    oft_file_uid: z.uuid(caseActionMessages.returnFileNotUploaded),
  }),
] as const;
