import { and, eq, sql } from 'drizzle-orm';
import type { ClientActor } from '../../auth/actor';
import type { Queryable } from '../../db/client';
import { cases } from '../../db/schema/index';

// A collection whose cases are all cancelled is 'Case Unavailable' to the client (§2): the collection
// answer carries nothing, so no file, message or answer may be reached around it either.

export const isCollectionWithdrawn = async (q: Queryable, client: ClientActor): Promise<boolean> => {
  const [row] = await q
    .select({
      total: sql<number>`count(*)::int`,
      live: sql<number>`count(*) filter (where not ${cases.cancelled})::int`,
    })
    .from(cases)
    .where(and(eq(cases.collection_uid, client.collectionUid)));
  return Number(row?.total ?? 0) > 0 && Number(row?.live ?? 0) === 0;
};
