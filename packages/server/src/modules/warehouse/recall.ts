import { sql } from 'drizzle-orm';
import type { Recall, RecallPath, RecallQuery } from '@lab/domain';
import { selectRows, type Queryable } from '../../db/client';

// GET /api/v2/recall/: every case that used a lot, answered from the rows the workspace writes:
// - 'picking slip': the lots the warehouse recorded when it picked the case's slip, placed on the slip's
//   lines (pick_lots), for a line of the article's warehouse code;
// - 'material batch': the material batch number recorded on the case, for a material of that name.
// A case reached both ways is listed once, with both. Indexed both ways (lower(lot), lower(code); lower
// material batch), so a recall answers in milliseconds at a million cases (bench 'recall').

type Row = {
  case_uid: string;
  case_mkey: string;
  collection_uid: string;
  collection_id: number;
  patient_reference: string;
  client_id: number;
  client_name: string;
  branch: string | null;
  dispatched_at: string | null;
  teeth: number[];
  paths: RecallPath[];
};

export const findRecall = async (q: Queryable, query: RecallQuery): Promise<Recall> => {
  const rows = await selectRows<Row>(
    q,
    sql`WITH reached AS (
          SELECT p.case_uid, 'picking slip' AS path FROM pick_lots p
          WHERE lower(p.lot) = lower(${query.lot}) AND lower(p.code) = lower(${query.article})
          UNION
          SELECT c.uid, 'material batch' FROM cases c JOIN materials m ON m.id = c.material_id
          WHERE lower(c.material_batch_number) = lower(${query.lot}) AND c.material_batch_number IS NOT NULL
            AND lower(m.name) = lower(${query.article})
        ),
        by_case AS (
          SELECT case_uid, array_agg(DISTINCT path ORDER BY path) AS paths FROM reached GROUP BY case_uid
        )
        SELECT c.uid AS case_uid, c.case_mkey, col.uid AS collection_uid, col.collection_id,
               col.patient_reference, cl.client_id, cl.name AS client_name, b.name AS branch,
               to_char(c.date_dispatched AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS dispatched_at,
               coalesce((SELECT array_agg(DISTINCT i.tooth ORDER BY i.tooth) FROM implants i
                         WHERE i.case_uid = c.uid AND i.deleted_at IS NULL AND i.platform_id IS NOT NULL), '{}') AS teeth,
               bc.paths
        FROM by_case bc
        JOIN cases c ON c.uid = bc.case_uid
        JOIN collections col ON col.uid = c.collection_uid
        JOIN clients cl ON cl.id = col.shipping_client_id
        LEFT JOIN branches b ON b.id = col.fulfillment_branch_id
        ORDER BY c.date_dispatched DESC NULLS FIRST, col.collection_id DESC, c.case_mkey`,
  );
  // The article as the catalogue spells it, when it names a part or a material ('scr-nb-ccrp' → 'SCR-NB-CCRP').
  const [named] = await selectRows<{ name: string }>(
    q,
    sql`SELECT code AS name FROM components WHERE lower(code) = lower(${query.article})
        UNION ALL SELECT name FROM materials WHERE lower(name) = lower(${query.article})
        LIMIT 1`,
  );
  return {
    article: named?.name ?? query.article,
    lot: query.lot,
    cases: rows.map((row) => ({
      case_uid: row.case_uid,
      case_mkey: row.case_mkey,
      collection_uid: row.collection_uid,
      collection_id: row.collection_id,
      patient_reference: row.patient_reference,
      client: { client_id: row.client_id, name: row.client_name },
      branch: row.branch,
      dispatched_at: row.dispatched_at,
      teeth: row.teeth,
      paths: row.paths,
    })),
  };
};
