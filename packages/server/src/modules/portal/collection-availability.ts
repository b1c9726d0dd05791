import { eq, sql, type SQL } from 'drizzle-orm';
import type { ClientActor } from '../../auth/actor';
import type { Queryable } from '../../db/client';
import { cases, collections } from '../../db/schema/index';

// A collection whose cases are all cancelled is 'Case Unavailable' to the client (§2): the collection
// answer carries nothing, so no file, message or answer may be reached around it either.

/**
 * The collection has cases and every one of them is cancelled. The cases are aliased: in a one-table
 * select drizzle names columns without their table, and a bare "uid" would be the case's.
 */
const isWithdrawn = (collectionUid: SQL): SQL<boolean> =>
  sql<boolean>`(EXISTS (SELECT 1 FROM ${cases} AS c WHERE c.collection_uid = ${collectionUid})
    AND NOT EXISTS (SELECT 1 FROM ${cases} AS c WHERE c.collection_uid = ${collectionUid} AND NOT c.cancelled))`;

export const isCollectionWithdrawn = async (q: Queryable, client: ClientActor): Promise<boolean> => {
  const [row] = await q
    .select({ withdrawn: isWithdrawn(sql`${client.collectionUid}::uuid`) })
    .from(sql`(SELECT 1) AS one`);
  return row?.withdrawn === true;
};

/** The key's collection where the client may still write to it (its branch), or null: one statement. */
export const findOpenPortalCollection = async (
  q: Queryable,
  client: ClientActor,
): Promise<{ branchId: number | null } | null> => {
  const [row] = await q
    .select({
      branchId: collections.fulfillment_branch_id,
      withdrawn: isWithdrawn(sql.raw('"collections"."uid"')),
    })
    .from(collections)
    .where(eq(collections.uid, client.collectionUid))
    .limit(1);
  return row && !row.withdrawn ? { branchId: row.branchId } : null;
};
