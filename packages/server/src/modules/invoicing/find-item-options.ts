import { asc, eq } from 'drizzle-orm';
import type { ItemOptionSet } from '@lab/domain';
import type { Queryable } from '../../db/client';
import { cases, item_options } from '../../db/schema/index';
import { findCaseCollection } from './find-case-collection';
import { centsOfStored } from './money-text';

// GET /api/v2/case/{case_id}/item_options/: one set per case of the case's collection (a case without
// options answers an empty set, so the card can show it). Two statements whatever the number of cases.

export const findItemOptions = async (db: Queryable, caseId: number | null): Promise<ItemOptionSet[]> => {
  const collection = await findCaseCollection(db, caseId);
  const rows = await db
    .select({
      case_id: cases.case_id,
      case_mkey: cases.case_mkey,
      description: item_options.description,
      is_selected: item_options.is_selected,
      amount: item_options.amount,
      is_percentage: item_options.is_percentage,
    })
    .from(cases)
    .leftJoin(item_options, eq(item_options.case_uid, cases.uid))
    .where(eq(cases.collection_uid, collection.uid))
    .orderBy(asc(cases.ordinal), asc(item_options.sort), asc(item_options.id));

  const sets = new Map<number, ItemOptionSet>();
  for (const row of rows) {
    const set = sets.get(row.case_id) ?? { case_id: row.case_id, case_mkey: row.case_mkey, options: [] };
    sets.set(row.case_id, set);
    if (
      row.description === null ||
      row.is_selected === null ||
      row.amount === null ||
      row.is_percentage === null
    )
      continue;
    const cents = centsOfStored(row.amount);
    set.options.push({
      description: row.description,
      is_selected: row.is_selected,
      // The rule's unit (itemOptionSchema): whole percent for a percentage option, cents for a fixed one.
      amount: row.is_percentage ? cents / 100 : cents,
      is_percentage: row.is_percentage,
      case_id: row.case_id,
    });
  }
  return [...sets.values()];
};
