import {
  checkUploadType,
  fieldError,
  sanitizeFileName,
  serviceFileName,
  type FileServiceUploadAnswer,
  type FileServiceUploadRequest,
} from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import { inTransaction, type Db } from '../../db/client';
import { files } from '../../db/schema/index';
import { generateStorageKey } from '../../storage/generate-key';
import { createFileLink, uploadLinkPath } from './file-links';
import { resolveFileReferences } from './resolve-file-references';
import { contentTypeFor } from './store-file';

// POST /files/upload/{country}: reserves one pending file per item (its storage key included) and hands
// out a one-time upload link for each. The bytes come later with PUT to the link (complete-upload.ts).

/** Checked before anything is created: one refused name refuses the whole request. */
const checkedNames = (items: FileServiceUploadRequest): string[] =>
  items.map((item, index) => {
    const name = sanitizeFileName(item.fileName);
    const refusal = checkUploadType(name);
    if (refusal) throw fieldError(`${index}.fileName`, refusal);
    return name;
  });

export const requestUploads = async (
  db: Db,
  request: { actor: StaffActor; items: FileServiceUploadRequest; ttlMinutes: number },
): Promise<FileServiceUploadAnswer> => {
  const names = checkedNames(request.items);
  return inTransaction(db, async (tx) => {
    const owners = await resolveFileReferences(tx, request.items);
    const values = owners.map((owner, index) => {
      const filename = names[index] ?? '';
      return {
        storage_key: generateStorageKey(),
        filename,
        content_type: contentTypeFor(filename),
        file_category: 'collection_file',
        collection_uid: owner.collection_uid,
        case_uid: owner.case_uid,
        uploaded_by_id: request.actor.id,
        upload_state: 'pending',
      };
    });
    const rows = await tx
      .insert(files)
      .values(values)
      .returning({ id: files.id, uid: files.uid, filename: files.filename, storage_key: files.storage_key });
    // RETURNING does not promise the order of VALUES; the answer lists the items as they were sent.
    const rowByKey = new Map(rows.map((row) => [row.storage_key, row]));
    const answer: FileServiceUploadAnswer = [];
    for (const { storage_key } of values) {
      const row = rowByKey.get(storage_key);
      if (!row) throw new Error('file insert returned fewer rows than asked');
      const token = await createFileLink(tx, {
        fileId: row.id,
        purpose: 'upload',
        ttlMinutes: request.ttlMinutes,
      });
      answer.push({
        uid: row.uid,
        fileName: serviceFileName(row.uid, row.filename),
        oneTimeUploadLink: uploadLinkPath(token),
      });
    }
    return answer;
  });
};
