import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError, orderMessages, toIso, type OrderingPlatform, type PlatformKey } from '@lab/domain';
import type { PlatformActor, StaffActor } from '../../auth/actor';
import { newSecret } from '../../auth/secrets';
import { writeAuditEvent } from '../../audit/write-audit-event';
import { inTransaction, type Db, type Queryable } from '../../db/client';
import { ordering_platform_keys, users } from '../../db/schema/index';
import { decryptPlatformSecret, encryptPlatformSecret } from './platform-key-cipher';

// The admin's signing keys of the ordering platforms: made (the secret shown once), listed, revoked. A
// platform may hold several at once, so a key is replaced without a moment where orders are refused.

const creators = alias(users, 'key_creators');

const listQuery = (q: Queryable) =>
  q
    .select({ key: ordering_platform_keys, created_by: creators.username })
    .from(ordering_platform_keys)
    .leftJoin(creators, eq(creators.id, ordering_platform_keys.created_by_id));

type KeyRow = Awaited<ReturnType<typeof listQuery>>[number];

const presentKey = ({ key, created_by }: KeyRow): PlatformKey => ({
  id: key.id,
  platform: key.platform as OrderingPlatform,
  key_id: key.key_id,
  label: key.label,
  created_at: toIso(key.created_at),
  created_by,
  last_used_at: key.last_used_at ? toIso(key.last_used_at) : null,
  revoked_at: key.revoked_at ? toIso(key.revoked_at) : null,
});

export const listPlatformKeys = async (db: Db): Promise<PlatformKey[]> =>
  (await listQuery(db).orderBy(desc(ordering_platform_keys.created_at), desc(ordering_platform_keys.id))).map(
    presentKey,
  );

/** A new key; its secret is in this answer only (the database keeps it encrypted). */
export const createPlatformKey = (
  db: Db,
  options: {
    actor: StaffActor;
    platform: OrderingPlatform;
    label: string;
    configSecret: string;
    /** A given secret (the demo seed's known keys); otherwise a new random one. */
    secret?: string;
  },
): Promise<PlatformKey & { secret: string }> =>
  inTransaction(db, async (tx) => {
    const secret = options.secret ?? newSecret();
    const [row] = await tx
      .insert(ordering_platform_keys)
      .values({
        platform: options.platform,
        key_id: `${options.platform}_${randomBytes(6).toString('hex')}`,
        secret_ciphertext: encryptPlatformSecret(secret, options.configSecret),
        label: options.label,
        created_by_id: options.actor.id,
      })
      .returning();
    if (!row) throw new Error('platform key insert returned no row');
    await writeAuditEvent(tx, {
      entity: 'platform_key',
      entityId: row.id,
      action: 'created',
      collectionUid: null,
      caseUid: null,
      changes: { platform: row.platform, key_id: row.key_id, label: row.label },
      actor: options.actor,
    });
    return { ...presentKey({ key: row, created_by: options.actor.username }), secret };
  });

export const revokePlatformKey = (db: Db, actor: StaffActor, id: number): Promise<PlatformKey> =>
  inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(ordering_platform_keys)
      .set({ revoked_at: new Date(), revoked_by_id: actor.id })
      .where(eq(ordering_platform_keys.id, id))
      .returning();
    if (!row) throw new AppError('not_found', { message: orderMessages.keyNotFound });
    await writeAuditEvent(tx, {
      entity: 'platform_key',
      entityId: row.id,
      action: 'revoked',
      collectionUid: null,
      caseUid: null,
      changes: { key_id: row.key_id },
      actor,
    });
    const [listed] = await listQuery(tx).where(eq(ordering_platform_keys.id, row.id));
    if (!listed) throw new AppError('not_found', { message: orderMessages.keyNotFound });
    return presentKey(listed);
  });

/**
 * The live key `keyId` names, as the actor its orders act as, with its secret to check their
 * signature; null when unknown, revoked, or encrypted under another configuration secret.
 */
export const findSigningKey = async (
  db: Db,
  keyId: string,
  configSecret: string,
): Promise<{ actor: PlatformActor; secret: string } | null> => {
  const [row] = await db
    .select()
    .from(ordering_platform_keys)
    .where(eq(ordering_platform_keys.key_id, keyId))
    .limit(1);
  if (!row || row.revoked_at) return null;
  const secret = decryptPlatformSecret(row.secret_ciphertext, configSecret);
  if (secret === null) return null;
  return {
    actor: {
      kind: 'platform',
      platform: row.platform as OrderingPlatform,
      keyId: row.key_id,
      label: row.label,
    },
    secret,
  };
};

export const markKeyUsed = async (db: Db, keyId: string): Promise<void> => {
  await db
    .update(ordering_platform_keys)
    .set({ last_used_at: new Date() })
    .where(eq(ordering_platform_keys.key_id, keyId));
};
