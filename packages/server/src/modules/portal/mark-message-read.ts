import { AppError, portalTexts, type PortalMessage } from '@lab/domain';
import type { ClientActor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { message_portal_reads } from '../../db/schema/index';
import { publishCollectionChanged } from '../../realtime/events';
import { isUuid } from '../approvals/approval-records';
import { findPortalMessage } from './load-portal-collection';

// PATCH /api/v2/customer/{portal_key}/message/{uid}/ {action: 'read'}: the client's read receipt. The first
// read stays; reading again changes nothing. No audit row: the receipt is the record.

const messageNotFound = () => new AppError('not_found', { message: portalTexts.messageNotFound });

export const markMessageRead = async (
  db: Db,
  options: { client: ClientActor; rawUid: string },
): Promise<PortalMessage> => {
  if (!isUuid(options.rawUid)) throw messageNotFound();
  const message = await findPortalMessage(db, options.client, options.rawUid);
  if (!message) throw messageNotFound();
  if (message.message_seen) return message;
  await db.insert(message_portal_reads).values({ message_uid: message.uid }).onConflictDoNothing();
  // The portal's answer shows the client's read state: its remembered ETag must go (cache/polled-etags.ts).
  await publishCollectionChanged(db, options.client.collectionUid);
  return { ...message, message_seen: true };
};
