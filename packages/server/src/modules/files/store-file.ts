import {
  AppError,
  checkFileContent,
  checkUploadType,
  fileExtension,
  sanitizeFileName,
  uploadLimitBytes,
  uploadMessages,
  type FileCategory,
} from '@lab/domain';
import type { Tx } from '../../db/client';
import { files } from '../../db/schema/index';
import { publishCasesChanged, publishCollectionChanged } from '../../realtime/events';
import type { FileStorage } from '../../storage/file-storage';
import { generateStorageKey } from '../../storage/generate-key';
import type { ReceivedUpload } from '../../storage/receive-upload';

// The two halves of keeping an uploaded file: `keepUpload` checks a received upload (type allowlist,
// content) and puts its bytes in storage, outside any transaction (copying megabytes must not hold row
// locks); `insertFileRow` records it inside the caller's transaction, next to the change and its audit.
// When that transaction fails, the caller calls `forget` so no unreferenced bytes stay behind.

const contentTypes: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  html: 'text/html; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  xml: 'application/xml',
  zip: 'application/zip',
  '3oxz': 'application/zip',
  stl: 'model/stl',
  ply: 'application/ply',
  obj: 'model/obj',
  mp4: 'video/mp4',
  aac: 'audio/aac',
};

/** The image editor saves PNG, whatever the upload's part is called; the content check holds it to that. */
export const editedImageName = 'edited.png';

export const contentTypeFor = (name: string): string =>
  contentTypes[fileExtension(name)] ?? 'application/octet-stream';

export type KeptFile = {
  storage_key: string;
  filename: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
};

/**
 * 400 with the reason when the file's type or content is refused; otherwise stores the bytes. `storageKey`
 * writes to a key reserved earlier (the file service's pending row); by default a new key is generated.
 */
export const keepUpload = async (
  storage: FileStorage,
  upload: { received: ReceivedUpload; rawName: string },
  options: { storageKey?: string } = {},
): Promise<KeptFile> => {
  const filename = sanitizeFileName(upload.rawName);
  const refusal =
    checkUploadType(filename) ??
    checkFileContent({
      name: filename,
      size: upload.received.size,
      head: upload.received.head,
      tail: upload.received.tail,
    });
  if (refusal) throw new AppError('validation_failed', { message: refusal, fields: { files: refusal } });
  const storage_key = options.storageKey ?? generateStorageKey();
  const content_type = contentTypeFor(filename);
  await storage.put(storage_key, upload.received.path, {
    contentType: content_type,
    sha256: upload.received.sha256,
  });
  return {
    storage_key,
    filename,
    content_type,
    size_bytes: upload.received.size,
    sha256: upload.received.sha256,
  };
};

export type FileOwner = {
  category: FileCategory;
  case_uid: string | null;
  collection_uid: string | null;
  uploaded_by_id: number | null;
  uploaded_by_reference?: string | null;
  partner_id?: number | null;
  /** The outsource job a partner's file came back on, or was sent for. */
  outsource_uid?: string | null;
  blurred_from_file_id?: number | null;
};

export const insertFileRow = async (
  tx: Tx,
  kept: KeptFile,
  owner: FileOwner,
): Promise<{ id: number; uid: string; filename: string }> => {
  const [row] = await tx
    .insert(files)
    .values({
      ...kept,
      file_category: owner.category,
      case_uid: owner.case_uid,
      collection_uid: owner.collection_uid,
      uploaded_by_id: owner.uploaded_by_id,
      uploaded_by_reference: owner.uploaded_by_reference ?? null,
      partner_id: owner.partner_id ?? null,
      outsource_uid: owner.outsource_uid ?? null,
      blurred_from_file_id: owner.blurred_from_file_id ?? null,
    })
    .returning({ id: files.id, uid: files.uid, filename: files.filename });
  if (!row) throw new Error('file insert returned nothing');
  // Every stored file shows on its collection: open pages hear of it whether or not the caller audits it.
  if (owner.collection_uid) await publishCollectionChanged(tx, owner.collection_uid);
  else if (owner.case_uid) await publishCasesChanged(tx, [owner.case_uid]);
  return row;
};

/** Removes bytes that no committed row points at (after a failed transaction). */
export const forgetKeptFiles = async (storage: FileStorage, kept: readonly KeptFile[]): Promise<void> => {
  await Promise.all(kept.map((k) => storage.remove(k.storage_key).catch(() => undefined)));
};

/**
 * Every file part of a request under its category's size cap, checked and stored before any transaction;
 * on a refusal the files already stored are removed again.
 */
export const keepUploadedParts = async (
  storage: FileStorage,
  parts: readonly { received: ReceivedUpload; rawName: string }[],
  category: FileCategory,
): Promise<KeptFile[]> => {
  const limit = uploadLimitBytes[category];
  const kept: KeptFile[] = [];
  try {
    for (const part of parts) {
      if (part.received.size > limit) {
        throw new AppError('payload_too_large', { message: uploadMessages.tooLarge(part.rawName, limit) });
      }
      kept.push(await keepUpload(storage, part));
    }
  } catch (error) {
    await forgetKeptFiles(storage, kept);
    throw error;
  }
  return kept;
};
