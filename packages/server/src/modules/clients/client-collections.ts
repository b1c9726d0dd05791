import { sql } from 'drizzle-orm';
import {
  clientCollectionsPageSize,
  toIso,
  type ClientCollectionsPage,
  type ClientCollectionsQuery,
} from '@lab/domain';
import { selectRows, type Queryable } from '../../db/client';
import { requireClientRecord } from './client-record';

// GET /api/v2/client/{id}/collections/?page=&status=: the collections the client ordered (shipping
// client), newest first, 25 a page, in the columns of the search results so the page shows them in the
// same table. A collection is active while any of its cases is (collection-views §3 'Collection').

type CollectionRow = {
  uid: string;
  collection_id: number;
  patient_reference: string;
  first_case_start_time: Date | string | null;
  last_case_start_time: Date | string | null;
  case_count: number;
};

const asIso = (value: Date | string | null): string | null => toIso(value === null ? null : new Date(value));

const activeCondition = sql`EXISTS (SELECT 1 FROM cases c WHERE c.collection_uid = col.uid AND c.active)`;

export const findClientCollections = async (
  q: Queryable,
  rawId: string,
  query: ClientCollectionsQuery,
): Promise<ClientCollectionsPage> => {
  const client = await requireClientRecord(q, rawId);
  const isActive = query.status === 'active';
  const where = sql`col.shipping_client_id = ${client.id}
    AND ${isActive ? activeCondition : sql`NOT ${activeCondition}`}`;
  const [count] = await selectRows<{ total: number }>(
    q,
    sql`SELECT count(*)::int AS total FROM collections col WHERE ${where}`,
  );
  const rows = await selectRows<CollectionRow>(
    q,
    sql`SELECT col.uid, col.collection_id, col.patient_reference,
               agg.first_case_start_time, agg.last_case_start_time, coalesce(agg.case_count, 0) AS case_count
        FROM collections col
        LEFT JOIN LATERAL (
          SELECT min(coalesce(c.schedule_start, c.added)) AS first_case_start_time,
                 max(coalesce(c.schedule_start, c.added)) AS last_case_start_time,
                 count(*)::int AS case_count
          FROM cases c WHERE c.collection_uid = col.uid
        ) agg ON true
        WHERE ${where}
        ORDER BY col.collection_id DESC
        LIMIT ${clientCollectionsPageSize} OFFSET ${(query.page - 1) * clientCollectionsPageSize}`,
  );
  return {
    status: query.status,
    page: query.page,
    page_size: clientCollectionsPageSize,
    total: Number(count?.total ?? 0),
    collections: rows.map((row) => ({
      uid: row.uid,
      collection_id: Number(row.collection_id),
      country: client.country,
      client_name: client.name,
      patient_reference: row.patient_reference,
      first_case_start_time: asIso(row.first_case_start_time),
      last_case_start_time: asIso(row.last_case_start_time),
      active: isActive,
      case_count: Number(row.case_count),
    })),
  };
};
