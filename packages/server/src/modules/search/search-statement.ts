import { sql, type SQL } from 'drizzle-orm';
import type { IndexCandidates } from './kept-text-index';

// The collection search's one statement (ARCHITECTURE.md, "Search at scale"). Its text depends only on
// its shape (which branches it has), so the shapes the search indexes answer are prepared once and only
// their values change; the database-only shape (a short or non-ASCII keyword, indexes not built) is
// built with its values bound, as its plan depends on the keyword.

export const resultLimit = 100;
/** A generic word ('dental') can match half the clients: only the closest few bring their collections. */
export const clientMatchLimit = 10;
/** How many of the shortest matching names are ranked first; see `closestClientsInDatabase`. */
const shortestClientLimit = 50;

/** `%` and `_` in what the user typed are literal characters, not wildcards. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** What the search indexes named for a keyword (null: the database finds the matches itself). */
export type SearchCandidates = { references: IndexCandidates | null; clients: IndexCandidates | null };

/** The values a search statement uses; arrays travel as one array literal each. */
type SearchValues = {
  keyword: string;
  contains: string;
  prefix: string;
  /** The case keys starting with the keyword are those in `[keyword, keyAfterPrefix)`. */
  keyAfterPrefix: string;
  asNumber: number;
  referenceIds: string;
  referencesNewerThan: number;
  clientIds: string;
  clientsNewerThan: number;
};

/** Which branches a statement has. */
type SearchShape = { byId: boolean; byCaseKey: boolean; references: boolean; clients: boolean };

/** A value in the statement: a bound parameter, or a placeholder a prepared statement fills. */
type Value = (name: keyof SearchValues) => SQL;

const limit = (rows: number): SQL => sql.raw(String(rows));

/** A keyword that can be a collection id (the id branch). */
const idKeyword = /^\d{1,9}$/;

/**
 * The `clientMatchLimit` clients whose names contain the keyword and are most similar to it (ties by id),
 * without a similarity() for every match ('dental' matches half the clients). similarity = shared / all
 * trigrams ≤ (the keyword's trigrams) / (the name's trigrams), so the best names are short ones: the 50
 * matches with the fewest trigrams (a btree on that count, read in order) are ranked, and they hold the
 * exact answer when every name they leave out has more trigrams than the tenth's similarity allows
 * (`max(trigrams) > ceil(k / s10)`, rounded up for float error). Otherwise every match is ranked, as before.
 */
const closestClientsInDatabase = (value: Value): SQL => sql`
  WITH shortest AS MATERIALIZED (
    SELECT id, similarity(name, ${value('keyword')}) AS sim, array_length(show_trgm(name), 1) AS trigrams
    FROM clients WHERE name ILIKE ${value('contains')}
    ORDER BY array_length(show_trgm(name), 1) LIMIT ${limit(shortestClientLimit)}
  ), covered AS (
    SELECT coalesce(
             count(*) < ${limit(shortestClientLimit)}
             OR max(trigrams) > ceil(coalesce(array_length(show_trgm(${value('keyword')}), 1), 0) / nullif(
                  (SELECT sim FROM shortest ORDER BY sim DESC OFFSET ${limit(clientMatchLimit - 1)} LIMIT 1), 0)),
             false) AS is_exact
    FROM shortest
  )
  SELECT id, sim FROM (
    SELECT id, sim FROM shortest WHERE (SELECT is_exact FROM covered)
    UNION ALL
    SELECT id, similarity(name, ${value('keyword')}) FROM clients
    WHERE name ILIKE ${value('contains')} AND NOT (SELECT is_exact FROM covered)
  ) matched
  ORDER BY sim DESC, id LIMIT ${limit(clientMatchLimit)}`;

// With an index's candidates, a branch reads the rows named and every row inserted since the index read
// (MATERIALIZED: the planner's guess for `ILIKE` is often far too low, and it would then read every match
// through the GIN index and keep the few named, the very cost the index saves), then checks and scores
// them as without it.

/** The `clientMatchLimit` clients closest to the keyword: named by the index, or found by the database. */
const closestClients = (indexed: boolean, value: Value): SQL =>
  indexed
    ? sql`
      WITH named_clients AS MATERIALIZED (
        SELECT id, name FROM clients
        WHERE id = ANY(${value('clientIds')}::int[]) OR id > ${value('clientsNewerThan')})
      SELECT id, similarity(name, ${value('keyword')}) AS sim FROM named_clients WHERE name ILIKE ${value('contains')}
      ORDER BY sim DESC, id LIMIT ${limit(clientMatchLimit)}`
    : closestClientsInDatabase(value);

/** The `resultLimit` patient references closest to the keyword, newest first among equals. */
const closestReferences = (indexed: boolean, value: Value): SQL => sql`
  ${
    indexed
      ? sql`WITH named_collections AS MATERIALIZED (
              SELECT collection_id, patient_reference FROM collections
              WHERE collection_id = ANY(${value('referenceIds')}::int[])
                 OR collection_id > ${value('referencesNewerThan')})`
      : sql``
  }
  SELECT collection_id, 50 + 40 * similarity(patient_reference, ${value('keyword')}) AS score
  FROM ${indexed ? sql`named_collections` : sql`collections`}
  WHERE patient_reference ILIKE ${value('contains')}
  ORDER BY score DESC, collection_id DESC LIMIT ${limit(resultLimit)}`;

/** The columns of a search-result row for the collections `ranked` names (`collection_id`, `score`). */
export const selectResultRows = (ranked: SQL, orderBy: SQL): SQL => sql`
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

/**
 * Free-text search over collection id, case key, patient reference and client name. Exact ids rank
 * first, then case-key prefixes, then trigram similarity of the patient reference, then the newest
 * collections of the closest-named clients. Each source is its own LIMITed branch of a UNION ALL with
 * its own index, so a common word never ranks tens of thousands of rows: the id and the case-key prefix
 * are btree lookups, the patient references and client names those the search indexes named (else a GIN
 * trigram match, the clients their shortest names first), and a client's newest collections an index-only
 * btree range. Collections are ranked by id (ties: the newest) and read once, for the 100 kept.
 */
const searchStatement = (shape: SearchShape, value: Value): SQL => {
  const byId = shape.byId
    ? sql`SELECT collection_id, 100::real AS score FROM collections WHERE collection_id = ${value('asNumber')}
          UNION ALL`
    : sql``;
  const byCaseKey = shape.byCaseKey
    ? sql`(SELECT col.collection_id, 90::real AS score
           FROM (SELECT collection_uid FROM cases
                 WHERE case_mkey LIKE ${value('prefix')}
                   AND case_mkey ~>=~ ${value('keyword')} AND case_mkey ~<~ ${value('keyAfterPrefix')}
                 LIMIT ${limit(resultLimit)}) c
           JOIN collections col ON col.uid = c.collection_uid) UNION ALL`
    : sql``;
  const ranked = sql`
    SELECT collection_id, max(score) AS score FROM (
      ${byId}
      ${byCaseKey}
      (${closestReferences(shape.references, value)})
      UNION ALL
      SELECT newest.collection_id, 30 + 40 * close_clients.sim AS score
      FROM (${closestClients(shape.clients, value)}) close_clients
      CROSS JOIN LATERAL (SELECT collection_id FROM collections WHERE shipping_client_id = close_clients.id
                          ORDER BY collection_id DESC LIMIT ${limit(resultLimit)}) newest
    ) candidates
    GROUP BY collection_id ORDER BY max(score) DESC, collection_id DESC LIMIT ${limit(resultLimit)}`;
  return selectResultRows(ranked, sql`r.score DESC, col.collection_id DESC`);
};

/**
 * The first text after every text that starts with `prefix` (byte order, as `~<~` compares): its last
 * character one up. Case-key keywords are digits and dashes, so it never overflows. The range is what
 * lets a generic plan (db/prepared.ts) use the btree: `LIKE $1` alone cannot.
 */
const keyAfterPrefix = (prefix: string): string =>
  prefix === '' ? '' : prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);

const arrayLiteral = (ids: readonly number[]): string => `{${ids.join(',')}}`;

const searchValues = (keyword: string, candidates: SearchCandidates): SearchValues => ({
  keyword,
  contains: `%${escapeLike(keyword)}%`,
  prefix: `${escapeLike(keyword)}%`,
  keyAfterPrefix: keyAfterPrefix(keyword),
  asNumber: idKeyword.test(keyword) ? Number(keyword) : 0,
  referenceIds: arrayLiteral(candidates.references?.ids ?? []),
  referencesNewerThan: candidates.references?.newerThan ?? 0,
  clientIds: arrayLiteral(candidates.clients?.ids ?? []),
  clientsNewerThan: candidates.clients?.newerThan ?? 0,
});

const shapeOf = (keyword: string, candidates: SearchCandidates): SearchShape => ({
  byId: idKeyword.test(keyword),
  // Case keys are digits and a dash ('100123-02'); any other keyword cannot match one, and asking
  // anyway lets the planner pick a sequential scan of every case.
  byCaseKey: /^\d[\d-]*$/.test(keyword),
  references: candidates.references !== null,
  clients: candidates.clients !== null,
});

/** The search statement for a keyword with its values bound. */
export const collectionSearchQuery = (
  keyword: string,
  candidates: SearchCandidates = { references: null, clients: null },
): SQL => {
  const values = searchValues(keyword, candidates);
  return searchStatement(shapeOf(keyword, candidates), (name) => sql`${values[name]}`);
};

/**
 * The statement to prepare for a keyword both indexes answered: its name (one per shape), its text with
 * placeholders, and the values to run it with.
 */
export const preparedSearch = (keyword: string, candidates: SearchCandidates) => {
  const shape = shapeOf(keyword, candidates);
  return {
    name: `collection_search_${Number(shape.byId)}${Number(shape.byCaseKey)}`,
    build: () => searchStatement(shape, (name) => sql`${sql.placeholder(name)}`),
    values: searchValues(keyword, candidates),
  };
};
