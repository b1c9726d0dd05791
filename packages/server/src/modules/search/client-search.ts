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

/** Client search by Client ID, name or country code, with their patient and case counts. */
export const searchClients = async (db: Queryable, keyword: string): Promise<ClientSearchResult[]> => {
  const contains = `%${escapeLike(keyword)}%`;
  const asNumber = /^\d{1,9}$/.test(keyword) ? Number(keyword) : -1;
  const country = /^[A-Za-z]{2}$/.test(keyword) ? keyword.toUpperCase() : '';
  const rows = await selectRows<ClientRow>(
    db,
    sql`
    WITH matched AS (
      SELECT id, uid, client_id, name, country,
             CASE WHEN client_id = ${asNumber} THEN 2 WHEN lower(name) = lower(${keyword}) THEN 1 ELSE 0 END AS exact,
             similarity(name, ${keyword}) AS sim
      FROM clients
      WHERE client_id = ${asNumber} OR name ILIKE ${contains} OR country = ${country}
      ORDER BY exact DESC, sim DESC, name
      LIMIT 100
    )
    SELECT m.client_id AS id, m.uid, m.name, m.country,
           coalesce(counts.patient_count, 0) AS patient_count, coalesce(counts.case_count, 0) AS case_count
    FROM matched m
    LEFT JOIN LATERAL (
      SELECT count(DISTINCT col.patient_reference)::int AS patient_count, count(c.uid)::int AS case_count
      FROM collections col LEFT JOIN cases c ON c.collection_uid = col.uid
      WHERE col.shipping_client_id = m.id
    ) counts ON true
    ORDER BY m.exact DESC, m.sim DESC, m.name`,
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
