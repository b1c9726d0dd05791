import { inArray } from 'drizzle-orm';
import type { Collection } from '@lab/domain';
import type { Queryable } from '../../db/client';
import { cases } from '../../db/schema/index';

/**
 * The collections a collection answer shows: its own, and those of its cases' related cases (their
 * status and job type are in the answer, and change with writes to their own collection). A polled
 * answer is stale when any of them changes (cache/polled-etags.ts).
 */
export const findShownCollections = async (q: Queryable, collection: Collection): Promise<string[]> => {
  const relatedCaseUids = collection.cases.flatMap((c) => c.related_cases.map((related) => related.uid));
  if (relatedCaseUids.length === 0) return [collection.uid];
  const rows = await q
    .selectDistinct({ uid: cases.collection_uid })
    .from(cases)
    .where(inArray(cases.uid, relatedCaseUids));
  return [collection.uid, ...rows.map((row) => row.uid)];
};
