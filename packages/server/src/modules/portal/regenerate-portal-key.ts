import { eq } from 'drizzle-orm';
import { AppError, portalTexts } from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import { newSecret } from '../../auth/secrets';
import { writeAuditEvent } from '../../audit/write-audit-event';
import { inTransaction, type Db } from '../../db/client';
import { collections } from '../../db/schema/index';
import { publishCollectionChanged } from '../../realtime/events';
import { lockCollection } from '../collections/collection-audit';
import { keyFingerprint } from './portal-client';

// The Portal Link card's regenerate (admin only, domain-decisions 'Roles'): a new ≥128-bit key replaces
// the old one, which stops working at once. The audit row names both keys by fingerprint, never the keys.

export const regeneratePortalKey = (
  db: Db,
  options: { rawUid: string; actor: StaffActor },
): Promise<string> => {
  if (!options.actor.admin) throw new AppError('forbidden', { message: portalTexts.regenerateAdminOnly });
  return inTransaction(db, async (tx) => {
    const collection = await lockCollection(tx, options.rawUid);
    const key = newSecret();
    await tx
      .update(collections)
      .set({ portal_key: key, updated_at: new Date() })
      .where(eq(collections.uid, collection.uid));
    await writeAuditEvent(tx, {
      entity: 'collection',
      entityId: collection.uid,
      action: 'portal_key_regenerated',
      collectionUid: collection.uid,
      caseUid: null,
      changes: { portal_key: { old: keyFingerprint(collection.portal_key), new: keyFingerprint(key) } },
      actor: options.actor,
    });
    await publishCollectionChanged(tx, collection.uid);
    return collection.uid;
  });
};
