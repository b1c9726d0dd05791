import { sql } from 'drizzle-orm';
import type { ClientSearchResult } from '@lab/domain';
import { selectRows, type Queryable } from '../../db/client';
import { escapeLike } from './search-statement';

type ClientRow = {
  id: number;
  uid: string;
  name: string;
  country: string;
  patient_count: number;
  case_count: number;
};

const resultLimit = 100;

/**
 * Client search by Client ID, name or country code, with their patient and case counts. Ranked so the
 * client meant comes first: the exact Client ID, then names equal to the keyword, starting with it,
 * containing it (a country-only match last); within each, the client whose newest collection was added
 * most recently (the practice that orders now, not one that stopped years ago), then by name.
 */
export const searchClients = async (db: Queryable, keyword: string): Promise<ClientSearchResult[]> => {
  const contains = `%${escapeLike(keyword)}%`;
  const prefix = `${escapeLike(keyword)}%`;
  const asNumber = /^\d{1,9}$/.test(keyword) ? Number(keyword) : -1;
  const country = /^[A-Za-z]{2}$/.test(keyword) ? keyword.toUpperCase() : '';
  const rows = await selectRows<ClientRow>(
    db,
    sql`
    WITH matched AS (
      SELECT id, uid, client_id, name, country,
             CASE WHEN client_id = ${asNumber} THEN 0
                  WHEN lower(name) = lower(${keyword}) THEN 1
                  WHEN name ILIKE ${prefix} THEN 2
                  WHEN name ILIKE ${contains} THEN 3
                  ELSE 4 END AS match_rank
      FROM clients
      WHERE client_id = ${asNumber} OR name ILIKE ${contains} OR country = ${country}
    ),
    ranked AS (
      SELECT m.*, activity.last_added
      FROM matched m
      LEFT JOIN (
        SELECT col.shipping_client_id, max(col.added) AS last_added
        FROM collections col
        WHERE col.shipping_client_id IN (SELECT id FROM matched)
        GROUP BY col.shipping_client_id
      ) activity ON activity.shipping_client_id = m.id
      ORDER BY m.match_rank, activity.last_added DESC NULLS LAST, lower(m.name), m.client_id
      LIMIT ${resultLimit}
    )
    SELECT r.client_id AS id, r.uid, r.name, r.country,
           coalesce(counts.patient_count, 0) AS patient_count, coalesce(counts.case_count, 0) AS case_count
    FROM ranked r
    LEFT JOIN LATERAL (
      SELECT count(DISTINCT col.patient_reference)::int AS patient_count, count(c.uid)::int AS case_count
      FROM collections col LEFT JOIN cases c ON c.collection_uid = col.uid
      WHERE col.shipping_client_id = r.id
    ) counts ON true
    ORDER BY r.match_rank, r.last_added DESC NULLS LAST, lower(r.name), r.client_id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    uid: r.uid,
    name: r.name,
    country: r.country,
    patient_count: Number(r.patient_count),
    case_count: Number(r.case_count),
  }));
};
