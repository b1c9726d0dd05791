import { z } from 'zod';
import { maxDatabaseInteger } from './common';

// The file service (mounted at /files; /conf's file-transfer URL points there) and the file calls of the
// case (case-workspace §7 'Case actions': upload_files, delete_file, file_link, blur_file, restore_file,
// upload_return_file; camera_upload) and of message attachments (collection-views §7).

/** The case file lists a user may upload to from the Files tab. */
export const caseUploadTypes = [
  'order_file',
  'internal_file',
  'approval_file',
  'outsource_sent_file',
] as const;
export type CaseUploadType = (typeof caseUploadTypes)[number];

/** Every list of the Files tab (outsource received files come from partners). */
export const caseFileTypes = [...caseUploadTypes, 'outsource_received_file'] as const;
export type CaseFileType = (typeof caseFileTypes)[number];

export const fileServiceEntityTypes = ['COLLECTION', 'CASE'] as const;

export const fileServiceMessages = {
  noItems: 'Please choose a file to upload',
  tooManyItems: 'At most 50 files at a time',
  blankName: 'Cannot be blank',
  noReferences: 'A file must reference a collection or a case',
  unknownReference: 'Unknown collection or case',
  fileNameRequired: 'fileName is required',
} as const;

export const maxFilesPerUpload = 50;

const fileReferenceSchema = z.object({
  entityType: z.enum(fileServiceEntityTypes),
  // The collection's or case's uid (a case may also be named by its case_mkey, e.g. 100123-01).
  entityIdentification: z.string().min(1).max(100),
});

export const fileServiceUploadRequestSchema = z
  .array(
    z.object({
      fileName: z.string().trim().min(1, fileServiceMessages.blankName).max(4096),
      fileReferences: z.array(fileReferenceSchema).min(1, fileServiceMessages.noReferences).max(10),
    }),
  )
  .min(1, fileServiceMessages.noItems)
  .max(maxFilesPerUpload, fileServiceMessages.tooManyItems);
export type FileServiceUploadRequest = z.infer<typeof fileServiceUploadRequestSchema>;

/**
 * fileName is the service's name of the file, `{uid}/{sanitised original name}`: unique, so it can be
 * passed back (oft_attachments, oft_file_name, ?fileName=) without ambiguity. `displayFileName` shows it.
 */
export const fileServiceUploadAnswerSchema = z.array(
  z.object({ uid: z.uuid(), fileName: z.string(), oneTimeUploadLink: z.string() }),
);
export type FileServiceUploadAnswer = z.infer<typeof fileServiceUploadAnswerSchema>;

export const fileServiceDownloadQuerySchema = z.object({
  fileName: z
    .string({ error: fileServiceMessages.fileNameRequired })
    .min(1, fileServiceMessages.fileNameRequired)
    .max(4096),
});
export const fileServiceDownloadAnswerSchema = z.object({ oneTimeDownloadLink: z.string() });

/** The file service's unique name of a file. */
export const serviceFileName = (uid: string, name: string): string => `${uid}/${name}`;

/** The uid part of a service file name, or null when the name has none. */
export const serviceFileUid = (name: string): string | null => {
  const match = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\//i.exec(name);
  return match?.[1]?.toLowerCase() ?? null;
};

/** The name people see: a service file name without its uid. */
export const displayFileName = (name: string): string => (serviceFileUid(name) ? name.slice(37) : name);

export const fileIdField = z.coerce.number().int().positive().max(maxDatabaseInteger, 'File not found');

/** Answer of file_link and of GET /api/v2/messages/attachments/{uid}/: a one-time address. */
export const fileLinkAnswerSchema = z.object({ url: z.string() });
export type FileLinkAnswer = z.infer<typeof fileLinkAnswerSchema>;

/** POST /api/v2/messages/attachments/{uid}/ (JSON restore, multipart blur with the edited image). */
export const attachmentActionSchema = z.discriminatedUnion(
  'action',
  [
    z.object({
      action: z.literal('blur_attachment'),
      ref_id: z.uuid(),
      filename: z.string().max(4096).optional(),
    }),
    z.object({ action: z.literal('restore_attachment'), ref_id: z.uuid() }),
  ],
  { error: 'Invalid action' },
);
export type AttachmentAction = z.infer<typeof attachmentActionSchema>;

/** The Files tab's cards (case-workspace §2 'Files'), in the spec's order. */
export const caseFileListTitles: Record<CaseFileType, string> = {
  order_file: 'Order Files',
  internal_file: 'Internal Files',
  approval_file: 'Approval Files',
  outsource_sent_file: 'Outsource Sent Files',
  outsource_received_file: 'Outsource Received Files',
};

// Texts the spec implies but does not quote (its 'delete file' confirmation, the return file modal).
export const fileDialogTexts = {
  deleteTitle: 'Delete File',
  deleteFile: (name: string): string =>
    `Are you sure you want to delete ${name}? It will no longer show on this case.`,
  noFiles: 'No Files',
  uploadFailed: 'Upload failed',
  returnFileTitle: 'Upload Return File',
  returnFileHint: 'Choose the design file to send back with this case.',
  returnFilesTitle: 'Return Files',
  photoTitle: 'Photo',
  photoSaved: 'Photo saved to Internal Files',
  linkFailed: 'The file could not be opened',
} as const;

/**
 * GET /api/v2/event/{collection uid}/?queue=true, polled every 2 s while the window has focus: whether a
 * file operation holds the collection's files (collection-views §4 'File lock').
 */
export const collectionEventSchema = z.object({
  locked: z.boolean(),
  locked_until: z.string().nullable(),
});
export type CollectionEvent = z.infer<typeof collectionEventSchema>;
export const collectionEventQuery = z.object({ queue: z.string().max(10).optional() });

export const fileLockTexts = {
  banner:
    'Files are being moved. Please do not upload, delete or edit files of this case until this finishes.',
} as const;
