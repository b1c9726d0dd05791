import { and, eq, sql } from 'drizzle-orm';
import { inTransaction, type Db, type Tx } from '../../db/client';
import { collections } from '../../db/schema/index';
import { publishRealtimeEvents } from '../../realtime/events';

// A collection's files are locked while a file operation runs on them (Auto Upload copies, a partner's
// results being stored): staff are told not to upload, delete or edit files until it ends (collection
// views §4 'File lock'). The lock is a lease in `collections.file_lock_until`, so a process that dies
// mid-operation cannot lock a collection for longer than the lease. Overlapping operations extend it;
// the one whose lease is current clears it. Each change publishes `file_lock {uid}` with it, so the
// polls' caches (file-lock-route.ts) and the open pages' streams hear it.

export const fileLockLeaseMs = 10 * 60_000;

const setLease = (db: Db, collectionUid: string, change: (tx: Tx) => Promise<unknown>): Promise<void> =>
  inTransaction(db, async (tx) => {
    await change(tx);
    await publishRealtimeEvents(tx, [{ type: 'file_lock', uid: collectionUid }]);
  });

export const holdFileLock = async <Result>(
  db: Db,
  collectionUid: string,
  work: () => Promise<Result>,
): Promise<Result> => {
  const until = new Date(Date.now() + fileLockLeaseMs);
  await setLease(db, collectionUid, (tx) =>
    tx
      .update(collections)
      .set({ file_lock_until: sql`greatest(coalesce(${collections.file_lock_until}, ${until}), ${until})` })
      .where(eq(collections.uid, collectionUid)),
  );
  try {
    return await work();
  } finally {
    await setLease(db, collectionUid, (tx) =>
      tx
        .update(collections)
        .set({ file_lock_until: null })
        .where(and(eq(collections.uid, collectionUid), eq(collections.file_lock_until, until))),
    );
  }
};

/** Whether the collection's files are locked now, and until when; null for an unknown collection. */
export const readFileLock = async (
  db: Db,
  collectionUid: string,
): Promise<{ locked: boolean; locked_until: Date | null } | null> => {
  const [row] = await db
    .select({
      until: collections.file_lock_until,
      locked: sql<boolean>`coalesce(${collections.file_lock_until} > now(), false)`,
    })
    .from(collections)
    .where(eq(collections.uid, collectionUid))
    .limit(1);
  if (!row) return null;
  return { locked: row.locked, locked_until: row.locked ? row.until : null };
};
