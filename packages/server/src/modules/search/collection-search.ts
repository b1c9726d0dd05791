import { sql, type SQL } from 'drizzle-orm';
import { toIso, type CollectionSearchResult } from '@lab/domain';
import { selectRows, type Queryable } from '../../db/client';

const resultLimit = 100;

/** `%` and `_` in what the user typed are literal characters, not wildcards. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

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

/** The columns of a search-result row for the collections named in `from` (a CTE with `uid`, `score`). */
const selectResultRows = (ranked: SQL, orderBy: SQL): SQL => sql`
  WITH ranked AS (${ranked})
  SELECT col.uid, col.collection_id, cl.country, cl.name AS client_name, col.patient_reference,
         agg.first_case_start_time, agg.last_case_start_time, coalesce(agg.active, false) AS active,
         coalesce(agg.case_count, 0) AS case_count
  FROM ranked r
  JOIN collections col ON col.uid = r.uid
  LEFT JOIN clients cl ON cl.id = col.shipping_client_id
  LEFT JOIN LATERAL (
    SELECT min(coalesce(c.schedule_start, c.added)) AS first_case_start_time,
           max(coalesce(c.schedule_start, c.added)) AS last_case_start_time,
           bool_or(c.active) AS active, count(*)::int AS case_count
    FROM cases c WHERE c.collection_uid = col.uid
  ) agg ON true
  ORDER BY ${orderBy}`;

/** A generic word ('dental') can match half the clients: only the closest few bring their collections. */
const clientMatchLimit = 10;
/** How many of the shortest matching names are ranked first; see `closestClients`. */
const shortestClientLimit = 50;

/**
 * The `clientMatchLimit` clients whose names contain the keyword and are most similar to it (ties by id),
 * without a similarity() for every match ('dental' matches half the clients). similarity = shared / all
 * trigrams ≤ (the keyword's trigrams) / (the name's trigrams), so the best names are short ones: the 50
 * matches with the fewest trigrams (a btree on that count, read in order) are ranked, and they hold the
 * exact answer when every name they leave out has more trigrams than the tenth's similarity allows
 * (`max(trigrams) > ceil(k / s10)`, rounded up for float error). Otherwise every match is ranked, as before.
 */
const closestClients = (keyword: string, contains: string): SQL => sql`
  WITH shortest AS MATERIALIZED (
    SELECT id, similarity(name, ${keyword}) AS sim, array_length(show_trgm(name), 1) AS trigrams
    FROM clients WHERE name ILIKE ${contains}
    ORDER BY array_length(show_trgm(name), 1) LIMIT ${shortestClientLimit}
  ), covered AS (
    SELECT coalesce(
             count(*) < ${shortestClientLimit}
             OR max(trigrams) > ceil(coalesce(array_length(show_trgm(${keyword}), 1), 0) / nullif(
                  (SELECT sim FROM shortest ORDER BY sim DESC OFFSET ${clientMatchLimit - 1} LIMIT 1), 0)),
             false) AS is_exact
    FROM shortest
  )
  SELECT id, sim FROM (
    SELECT id, sim FROM shortest WHERE (SELECT is_exact FROM covered)
    UNION ALL
    SELECT id, similarity(name, ${keyword}) FROM clients
    WHERE name ILIKE ${contains} AND NOT (SELECT is_exact FROM covered)
  ) matched
  ORDER BY sim DESC, id LIMIT ${clientMatchLimit}`;

/**
 * Free-text search over collection id, case key, patient reference and client name. Exact ids rank
 * first, then case-key prefixes, then trigram similarity of the patient reference, then the newest
 * collections of the closest-named clients. Each source is its own LIMITed branch of a UNION ALL with
 * its own index, so a common word never ranks tens of thousands of rows: the id and the case-key prefix
 * are btree lookups, the patient reference a GIN trigram match, the clients their shortest names first,
 * and a client's newest collections a btree range (ARCHITECTURE.md, "Search at scale").
 */
export const collectionSearchQuery = (keyword: string): SQL => {
  const contains = `%${escapeLike(keyword)}%`;
  const prefix = `${escapeLike(keyword)}%`;
  const asNumber = /^\d{1,9}$/.test(keyword) ? Number(keyword) : null;
  // Case keys are digits and a dash ('100123-02'); any other keyword cannot match one, and asking
  // anyway lets the planner pick a sequential scan of every case.
  const caseKeyPrefix = /^\d[\d-]*$/.test(keyword) ? prefix : null;
  const byId =
    asNumber === null
      ? sql``
      : sql`SELECT uid, 100::real AS score FROM collections WHERE collection_id = ${asNumber} UNION ALL`;
  const byCaseKey =
    caseKeyPrefix === null
      ? sql``
      : sql`(SELECT collection_uid AS uid, 90::real AS score FROM cases WHERE case_mkey LIKE ${caseKeyPrefix}
             LIMIT ${resultLimit}) UNION ALL`;
  const ranked = sql`
    SELECT uid, max(score) AS score FROM (
      ${byId}
      ${byCaseKey}
      (SELECT uid, 50 + 40 * similarity(patient_reference, ${keyword}) AS score FROM collections
        WHERE patient_reference ILIKE ${contains}
        ORDER BY score DESC, collection_id DESC LIMIT ${resultLimit})
      UNION ALL
      SELECT newest.uid, 30 + 40 * close_clients.sim AS score
      FROM (${closestClients(keyword, contains)}) close_clients
      CROSS JOIN LATERAL (SELECT uid FROM collections WHERE shipping_client_id = close_clients.id
                          ORDER BY collection_id DESC LIMIT ${resultLimit}) newest
    ) candidates
    GROUP BY uid ORDER BY max(score) DESC LIMIT ${resultLimit}`;
  return selectResultRows(ranked, sql`r.score DESC, col.collection_id DESC`);
};

/** The collection search (`POST /api/v2/collections/`); the SQL is `collectionSearchQuery`. */
export const searchCollections = async (
  db: Queryable,
  keyword: string,
): Promise<CollectionSearchResult[]> => {
  const rows = await selectRows<SearchRow>(db, collectionSearchQuery(keyword));
  return rows.map(presentRow);
};

/** Every collection with at least one active case, newest first (the All Active Cases table). */
export const findActiveCollections = async (db: Queryable): Promise<CollectionSearchResult[]> => {
  const ranked = sql`SELECT DISTINCT collection_uid AS uid, 0 AS score FROM cases WHERE active`;
  const rows = await selectRows<SearchRow>(db, selectResultRows(ranked, sql`col.collection_id DESC`));
  return rows.map(presentRow);
};
