import { sql, type SQL } from 'drizzle-orm';
import { toIso, type CollectionSearchResult } from '@lab/domain';
import { selectPreparedRows, selectRows, type Queryable } from '../../db/client';
import type { IndexCandidates } from './kept-text-index';
import type { SearchIndexes } from './search-indexes';

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

/** The columns of a search-result row for the collections `ranked` names (`collection_id`, `score`). */
const selectResultRows = (ranked: SQL, orderBy: SQL): SQL => sql`
  WITH ranked AS (${ranked})
  SELECT col.uid, col.collection_id, cl.country, cl.name AS client_name, col.patient_reference,
         agg.first_case_start_time, agg.last_case_start_time, coalesce(agg.active, false) AS active,
         coalesce(agg.case_count, 0) AS case_count
  FROM ranked r
  JOIN collections col ON col.collection_id = r.collection_id
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
const closestClientsInDatabase = (keyword: string, contains: string): SQL => sql`
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

/** The rows a search index named, and every row inserted since it read (search-indexes.ts). */
const namedBy = (id: SQL, candidates: IndexCandidates): SQL =>
  sql`(${id} = ANY(${`{${candidates.ids.join(',')}}`}::int[]) OR ${id} > ${candidates.newerThan})`;

// With an index's candidates, a branch reads the rows named (MATERIALIZED: the planner's guess for
// `ILIKE` is often far too low, and it would then read every match through the GIN index and keep the
// few named, the very cost the index saves), then checks and scores them as without it.

/** The `clientMatchLimit` clients closest to the keyword: named by the index, or found by the database. */
const closestClients = (keyword: string, contains: string, candidates: IndexCandidates | null): SQL =>
  candidates === null
    ? closestClientsInDatabase(keyword, contains)
    : sql`
      WITH named_clients AS MATERIALIZED (SELECT id, name FROM clients WHERE ${namedBy(sql`id`, candidates)})
      SELECT id, similarity(name, ${keyword}) AS sim FROM named_clients WHERE name ILIKE ${contains}
      ORDER BY sim DESC, id LIMIT ${clientMatchLimit}`;

/** The `resultLimit` patient references closest to the keyword, newest first among equals. */
const closestReferences = (keyword: string, contains: string, candidates: IndexCandidates | null): SQL => {
  const named =
    candidates === null
      ? sql``
      : sql`WITH named_collections AS MATERIALIZED (
              SELECT collection_id, patient_reference FROM collections
              WHERE ${namedBy(sql`collection_id`, candidates)})`;
  return sql`${named}
    SELECT collection_id, 50 + 40 * similarity(patient_reference, ${keyword}) AS score
    FROM ${candidates === null ? sql`collections` : sql`named_collections`}
    WHERE patient_reference ILIKE ${contains}
    ORDER BY score DESC, collection_id DESC LIMIT ${resultLimit}`;
};

/** What the search indexes named for a keyword (null: the database finds the matches itself). */
export type SearchCandidates = { references: IndexCandidates | null; clients: IndexCandidates | null };

/**
 * Free-text search over collection id, case key, patient reference and client name. Exact ids rank
 * first, then case-key prefixes, then trigram similarity of the patient reference, then the newest
 * collections of the closest-named clients. Each source is its own LIMITed branch of a UNION ALL with
 * its own index, so a common word never ranks tens of thousands of rows: the id and the case-key prefix
 * are btree lookups, the patient references and client names those the search indexes named (else a GIN
 * trigram match, the clients their shortest names first), and a client's newest collections an index-only
 * btree range. Collections are ranked by id (ties: the newest) and read once, for the 100 kept
 * (ARCHITECTURE.md, "Search at scale").
 */
export const collectionSearchQuery = (
  keyword: string,
  candidates: SearchCandidates = { references: null, clients: null },
): SQL => {
  const contains = `%${escapeLike(keyword)}%`;
  const prefix = `${escapeLike(keyword)}%`;
  const asNumber = /^\d{1,9}$/.test(keyword) ? Number(keyword) : null;
  // Case keys are digits and a dash ('100123-02'); any other keyword cannot match one, and asking
  // anyway lets the planner pick a sequential scan of every case.
  const caseKeyPrefix = /^\d[\d-]*$/.test(keyword) ? prefix : null;
  const byId =
    asNumber === null
      ? sql``
      : sql`SELECT collection_id, 100::real AS score FROM collections WHERE collection_id = ${asNumber} UNION ALL`;
  const byCaseKey =
    caseKeyPrefix === null
      ? sql``
      : sql`(SELECT col.collection_id, 90::real AS score
             FROM (SELECT collection_uid FROM cases WHERE case_mkey LIKE ${caseKeyPrefix} LIMIT ${resultLimit}) c
             JOIN collections col ON col.uid = c.collection_uid) UNION ALL`;
  const ranked = sql`
    SELECT collection_id, max(score) AS score FROM (
      ${byId}
      ${byCaseKey}
      (${closestReferences(keyword, contains, candidates.references)})
      UNION ALL
      SELECT newest.collection_id, 30 + 40 * close_clients.sim AS score
      FROM (${closestClients(keyword, contains, candidates.clients)}) close_clients
      CROSS JOIN LATERAL (SELECT collection_id FROM collections WHERE shipping_client_id = close_clients.id
                          ORDER BY collection_id DESC LIMIT ${resultLimit}) newest
    ) candidates
    GROUP BY collection_id ORDER BY max(score) DESC, collection_id DESC LIMIT ${resultLimit}`;
  return selectResultRows(ranked, sql`r.score DESC, col.collection_id DESC`);
};

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
  const query = collectionSearchQuery(keyword, { references, clients });
  // With both indexes' candidates the statement reads named rows only, and a generic plan serves every
  // keyword: prepared, it is planned once per connection. Without them its plan depends on the keyword.
  const rows =
    references && clients
      ? await selectPreparedRows<SearchRow>(db, query)
      : await selectRows<SearchRow>(db, query);
  return rows.map(presentRow);
};

/** Every collection with at least one active case, newest first (the All Active Cases table). */
export const findActiveCollections = async (db: Queryable): Promise<CollectionSearchResult[]> => {
  const ranked = sql`SELECT DISTINCT col.collection_id, 0 AS score
                     FROM cases c JOIN collections col ON col.uid = c.collection_uid WHERE c.active`;
  const rows = await selectRows<SearchRow>(db, selectResultRows(ranked, sql`col.collection_id DESC`));
  return rows.map(presentRow);
};
