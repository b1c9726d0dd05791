import { AppError, portalTexts, type Message, type PortalMessage } from '@lab/domain';
import type { ClientActor } from '../../auth/actor';
import { inTransaction, type Db } from '../../db/client';
import type { UploadedPart } from '../../http/multipart-upload';
import type { FileStorage } from '../../storage/file-storage';
import { forgetKeptFiles, keepUploadedParts } from '../files/store-file';
import { findOpenPortalCollection } from './collection-availability';
import { presentPortalMessage } from './present-portal';
import { portalNotFound } from './portal-client';
import { recordClientMessage } from './record-client-message';

// POST /api/v2/customer/{portal_key}/message/: the client's message to the lab, an INBOUND CLIENT_MESSAGE
// of the collection with its attachments. An empty note is refused (attachments alone are not a
// message, §5 'Chat compose'); case_collection_uid, when sent, must be the key's own collection.

export const postClientMessage = async (
  db: Db,
  options: {
    client: ClientActor;
    fields: { note?: string | undefined; case_collection_uid?: string | undefined };
    parts: readonly UploadedPart[];
    storage: FileStorage;
  },
): Promise<PortalMessage> => {
  const { client, fields } = options;
  const note = fields.note?.trim() ?? '';
  if (note === '') {
    throw new AppError('validation_failed', {
      message: portalTexts.cannotBeBlank,
      fields: { note: portalTexts.cannotBeBlank },
    });
  }
  const named = fields.case_collection_uid?.trim().toLowerCase();
  if (named && named !== client.collectionUid) throw portalNotFound();
  const collection = await findOpenPortalCollection(db, client);
  if (!collection) throw portalNotFound();
  const kept = await keepUploadedParts(options.storage, options.parts, 'message_attachment');
  let message: Message;
  try {
    message = await inTransaction(db, (tx) =>
      recordClientMessage(tx, {
        client,
        type: 'CLIENT_MESSAGE',
        note,
        kept,
        target: {
          collectionUid: client.collectionUid,
          branchId: collection.branchId,
          caseTarget: null,
          approvalUid: null,
        },
        alsoDesign: false,
        now: new Date(),
      }),
    );
  } catch (error) {
    await forgetKeptFiles(options.storage, kept);
    throw error;
  }
  // Nobody has read a message just written: no portal read to look up; the client wrote it, no employee.
  return presentPortalMessage(message, false, undefined);
};
