import { sql } from 'drizzle-orm';
import { toIso, type CollectionSearchResult } from '@lab/domain';
import { selectRows, type Queryable } from '../../db/client';
import { selectPreparedRows } from '../../db/prepared';
import type { SearchIndexes } from './search-indexes';
import {
  clientMatchLimit,
  collectionSearchQuery,
  preparedSearch,
  resultLimit,
  selectResultRows,
} from './search-statement';

type SearchRow = {
  uid: string;
  collection_id: number;
  country: string | null;
  client_name: string | null;
  patient_reference: string;
  first_case_start_time: Date | string | null;
  last_case_start_time: Date | string | null;
  active: boolean | null;
  case_count: number;
};

const asDate = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

const presentRow = (row: SearchRow): CollectionSearchResult => ({
  uid: row.uid,
  collection_id: Number(row.collection_id),
  country: row.country ?? '',
  client_name: row.client_name ?? '',
  patient_reference: row.patient_reference,
  first_case_start_time: toIso(asDate(row.first_case_start_time)),
  last_case_start_time: toIso(asDate(row.last_case_start_time)),
  active: Boolean(row.active),
  case_count: Number(row.case_count),
});

/**
 * The collection search (`POST /api/v2/collections/`); the SQL is `collectionSearchQuery`, its patient
 * references and client names narrowed by the search indexes when they can answer.
 */
export const searchCollections = async (
  db: Queryable,
  keyword: string,
  indexes?: SearchIndexes,
): Promise<CollectionSearchResult[]> => {
  const [references, clients] = indexes
    ? await Promise.all([
        indexes.patientReferences.candidates(keyword, resultLimit),
        indexes.clientNames.candidates(keyword, clientMatchLimit),
      ])
    : [null, null];
  const candidates = { references, clients };
  // Answered by both indexes, the statement's text depends on its shape alone: prepared once, it is
  // neither built, parsed nor planned again (its plan reads the rows named, whatever they are).
  // Otherwise its plan depends on the keyword: built and bound each time.
  const prepared = references && clients ? preparedSearch(keyword, candidates) : null;
  const rows = prepared
    ? await selectPreparedRows<SearchRow>(db, prepared.name, prepared.build, prepared.values, {
        genericPlan: true,
      })
    : await selectRows<SearchRow>(db, collectionSearchQuery(keyword, candidates));
  return rows.map(presentRow);
};

/** Every collection with at least one active case, newest first (the All Active Cases table). */
export const findActiveCollections = async (db: Queryable): Promise<CollectionSearchResult[]> => {
  const ranked = sql`SELECT DISTINCT col.collection_id, 0 AS score
                     FROM cases c JOIN collections col ON col.uid = c.collection_uid WHERE c.active`;
  const rows = await selectRows<SearchRow>(db, selectResultRows(ranked, sql`col.collection_id DESC`));
  return rows.map(presentRow);
};
