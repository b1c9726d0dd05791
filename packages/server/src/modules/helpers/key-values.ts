import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import { AppError, keyValueMessages, keyValueTtlMinutes, type KeyValueAnswer } from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { key_value } from '../../db/schema/index';

// POST /api/v2/key_value/ {value} → {key}: the folder helpers hand a production-queue instruction to the
// local OEP Helper through a key in a custom-protocol link (a link cannot carry a long value). The key
// is 128 random bits; the value waits keyValueTtlMinutes and is read once by the helper.

/** Stores the value under a new key; expired values go at the same time. */
export const createKeyValue = async (
  db: Db,
  options: { value: string; actor: StaffActor; now?: Date },
): Promise<KeyValueAnswer> => {
  const now = options.now ?? new Date();
  const key = randomBytes(16).toString('base64url');
  await db.delete(key_value).where(lt(key_value.expires_at, now));
  await db.insert(key_value).values({
    key,
    value: options.value,
    created_at: now,
    created_by_id: options.actor.id,
    expires_at: new Date(now.getTime() + keyValueTtlMinutes * 60_000),
  });
  return { key };
};

/**
 * POST /api/v2/key_value/take/ {key} → {value}: the helper's read. The key is the only credential, so a
 * value is given out once and only before it expires; anything else is 'Key not found'.
 */
export const takeKeyValue = async (
  db: Db,
  options: { key: string; now?: Date },
): Promise<{ value: string }> => {
  const now = options.now ?? new Date();
  const [row] = await db
    .delete(key_value)
    .where(and(eq(key_value.key, options.key), gt(key_value.expires_at, now)))
    .returning({ value: key_value.value });
  if (!row) throw new AppError('not_found', { message: keyValueMessages.notFound });
  return row;
};
