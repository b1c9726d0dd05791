import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { AppError, serviceFileName, uploadMessages } from '@lab/domain';
import { inTransaction, type Db } from '../../db/client';
import { files, users } from '../../db/schema/index';
import type { FileStorage } from '../../storage/file-storage';
import { receiveUpload } from '../../storage/receive-upload';
import { publishCollectionChanged } from '../../realtime/events';
import { writeFileAudit } from './file-audit';
import { consumeFileLink } from './file-links';
import { forgetKeptFiles, keepUpload } from './store-file';

// PUT /files/upload/{token}: the bytes of a file reserved by POST /files/upload/{country}.
//
// The link is used up BEFORE a byte is read, and a failed PUT (too large, wrong content, broken stream)
// does not give it back: consuming first is what makes two simultaneous PUTs impossible, and releasing a
// link on failure would let whoever else holds the token (a proxy log, a shared screen) try again
// later. The client asks for a new link with another POST; the reserved row stays pending, which no list
// shows and no download link reaches.

const linkGone = () => new AppError('gone', { message: uploadMessages.linkGone });

export const completeUpload = async (
  db: Db,
  storage: FileStorage,
  upload: { token: string; body: Readable; maxBytes: number },
): Promise<{ uid: string; fileName: string }> => {
  const file = await consumeFileLink(db, upload.token, 'upload');
  if (file.upload_state !== 'pending' || file.deleted_at) throw linkGone();

  const received = await receiveUpload(upload.body, { name: file.filename, maxBytes: upload.maxBytes });
  try {
    const kept = await keepUpload(
      storage,
      { received, rawName: file.filename },
      { storageKey: file.storage_key },
    );
    try {
      await inTransaction(db, async (tx) => {
        const [completed] = await tx
          .update(files)
          .set({
            upload_state: 'complete',
            size_bytes: kept.size_bytes,
            sha256: kept.sha256,
            content_type: kept.content_type,
          })
          .where(and(eq(files.id, file.id), eq(files.upload_state, 'pending')))
          .returning({ id: files.id });
        if (!completed) throw linkGone();
        // The PUT carries no sign-in: the upload is the act of the employee who asked for the link.
        const [uploader] = file.uploaded_by_id
          ? await tx
              .select({ username: users.username })
              .from(users)
              .where(eq(users.id, file.uploaded_by_id))
              .limit(1)
          : [];
        await writeFileAudit(tx, {
          fileUid: file.uid,
          action: 'uploaded',
          actor: {
            kind: 'on_behalf',
            userId: file.uploaded_by_id,
            reference: uploader?.username ?? 'file service',
          },
          caseUid: file.case_uid,
          collectionUid: file.collection_uid,
          changes: {
            filename: file.filename,
            file_category: file.file_category,
            size_bytes: kept.size_bytes,
            sha256: kept.sha256,
          },
        });
        if (file.collection_uid) await publishCollectionChanged(tx, file.collection_uid);
      });
    } catch (error) {
      // The row stays pending, so no committed row points at these bytes.
      await forgetKeptFiles(storage, [kept]);
      throw error;
    }
  } finally {
    await received.discard();
  }
  return { uid: file.uid, fileName: serviceFileName(file.uid, file.filename) };
};
