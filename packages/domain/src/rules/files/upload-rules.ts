import type { FileCategory } from '../../enums';
import { fileExtension } from './file-names';

// What may be uploaded, and how large, by file category. The lab's files are scans and designs (STL,
// PLY, OBJ, 3Shape exports), photos, PDFs and preview pages; clients also send voice notes and videos.

const modelExtensions = ['stl', 'ply', 'obj', 'dcm', '3oxz', 'constructioninfo', 'xml'];
const documentExtensions = ['pdf', 'txt', 'csv', 'html'];
const imageExtensions = ['jpg', 'jpeg', 'png'];
const archiveExtensions = ['zip'];
const mediaExtensions = ['aac', 'mp4'];

export const allowedUploadExtensions: readonly string[] = [
  ...modelExtensions,
  ...documentExtensions,
  ...imageExtensions,
  ...archiveExtensions,
  ...mediaExtensions,
];

const megabytes = (n: number): number => n * 1024 * 1024;

/** Largest accepted upload per category (bytes): scans and design exports are the big ones. */
export const uploadLimitBytes: Record<FileCategory, number> = {
  order_file: megabytes(250),
  internal_file: megabytes(250),
  approval_file: megabytes(100),
  outsource_sent_file: megabytes(250),
  outsource_received_file: megabytes(250),
  return_file: megabytes(250),
  collection_file: megabytes(250),
  note_attachment: megabytes(50),
  message_attachment: megabytes(50),
};

export const largestUploadLimitBytes = Math.max(...Object.values(uploadLimitBytes));

export const formatMegabytes = (bytes: number): string => `${Math.round(bytes / megabytes(1))} MB`;

export const uploadMessages = {
  noFiles: 'Please choose a file to upload',
  tooLarge: (name: string, limit: number): string => `${name} is larger than ${formatMegabytes(limit)}`,
  typeNotAllowed: (name: string): string =>
    `${name}: files of this type cannot be uploaded (allowed: ${allowedUploadExtensions.join(', ')})`,
  contentMismatch: (name: string, extension: string): string =>
    `${name} is not a valid ${extension.toUpperCase()} file`,
  empty: (name: string): string => `${name} is empty`,
  fileNotFound: 'File not found',
  linkGone: 'This link has already been used or has expired',
  restoreForbidden: 'Only an administrator or the design department can restore the original image',
  notAnImage: 'Only images can be edited',
  oneImageOnly: 'Send one edited image at a time',
  notBlurred: 'This image has not been edited',
  notEditableType: 'Images of this type cannot be edited',
  cameraNotJpeg: 'The photo must be a JPEG image',
  returnFileNotRequired: 'This case does not require a return file',
  returnFileNotUploaded: 'The return file has not been uploaded',
  unknownCountry: 'Unknown country',
  // A multipart body that cut off or had no boundary: the spec shows no server error texts.
  malformedUpload: 'The upload could not be read; please try again',
  fieldTooLong: (name: string): string => `${name} is too long`,
  tooManyFiles: (limit: number): string => `At most ${limit} files can be sent at once`,
  tooManyFields: 'The upload has too many fields',
} as const;

/** null when the name's type may be uploaded, else the message. */
export const checkUploadType = (name: string): string | null =>
  allowedUploadExtensions.includes(fileExtension(name)) ? null : uploadMessages.typeNotAllowed(name);
