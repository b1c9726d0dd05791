import { sql } from 'drizzle-orm';
import type { DatedCaseDemand, PartQuantity } from '@lab/domain';
import { selectRows, type Queryable } from '../../db/client';

// The open cases of a branch as stock sees them (domain rules/stock/stock-figures.ts reserves from these):
// what each needs now — its component lines and its live implants' screws and ti-bases, as a picking slip
// would take them — its picking slips with their items, and when it is due (the lab's own due, else the
// customer's: shortages serve the most urgent first). Four statements whatever the case count.

type PartRow = { case_uid: string; component_id: number; quantity: number };
type SlipRow = {
  case_uid: string;
  slip_id: number;
  is_picked: boolean;
  component_id: number | null;
  quantity: number | null;
};

const activeCasesAt = (branchId: number) => sql`
  SELECT c.uid FROM cases c JOIN collections col ON col.uid = c.collection_uid
  WHERE c.active AND col.fulfillment_branch_id = ${branchId}`;

export const loadCaseDemands = async (q: Queryable, branchId: number): Promise<DatedCaseDemand[]> => {
  const dues = await selectRows<{ uid: string; due_ms: number | null }>(
    q,
    sql`SELECT c.uid, (extract(epoch FROM coalesce(c.internal_due, c.customer_due)) * 1000)::float8 AS due_ms
        FROM cases c WHERE c.uid IN (${activeCasesAt(branchId)})`,
  );
  const dueOf = new Map(dues.map((row) => [row.uid, row.due_ms]));
  const lines = await selectRows<PartRow>(
    q,
    sql`SELECT l.case_uid, l.component_id, sum(l.quantity)::int AS quantity
        FROM case_component_lines l WHERE l.case_uid IN (${activeCasesAt(branchId)})
        GROUP BY l.case_uid, l.component_id`,
  );
  const implantParts = await selectRows<PartRow>(
    q,
    sql`SELECT i.case_uid, part.component_id, count(*)::int AS quantity
        FROM implants i
        CROSS JOIN LATERAL (
          SELECT s.component_id FROM screws s WHERE s.id = i.screw_id
          UNION ALL SELECT t.component_id FROM tibases t WHERE t.id = i.tibase_id
        ) part
        WHERE i.deleted_at IS NULL AND part.component_id IS NOT NULL
          AND i.case_uid IN (${activeCasesAt(branchId)})
        GROUP BY i.case_uid, part.component_id`,
  );
  const slips = await selectRows<SlipRow>(
    q,
    sql`SELECT s.case_uid, s.id AS slip_id, s.picked_at IS NOT NULL AS is_picked, p.component_id, p.quantity
        FROM picking_slips s LEFT JOIN pick_items p ON p.picking_slip_id = s.id
        WHERE s.case_uid IN (${activeCasesAt(branchId)})
        ORDER BY s.id`,
  );
  const demands = new Map<
    string,
    { parts: PartQuantity[]; slips: Map<number, { isPicked: boolean; items: PartQuantity[] }> }
  >();
  const demandOf = (caseUid: string) => {
    let demand = demands.get(caseUid);
    if (!demand) demands.set(caseUid, (demand = { parts: [], slips: new Map() }));
    return demand;
  };
  for (const row of [...lines, ...implantParts]) {
    demandOf(row.case_uid).parts.push({ componentId: row.component_id, quantity: row.quantity });
  }
  for (const row of slips) {
    const { slips: caseSlips } = demandOf(row.case_uid);
    let slip = caseSlips.get(row.slip_id);
    if (!slip) caseSlips.set(row.slip_id, (slip = { isPicked: row.is_picked, items: [] }));
    // A line whose part left the catalogue has no stock to hold.
    if (row.component_id !== null && row.quantity !== null) {
      slip.items.push({ componentId: row.component_id, quantity: row.quantity });
    }
  }
  return [...demands].map(([caseUid, demand]) => ({
    caseUid,
    dueMs: dueOf.get(caseUid) ?? null,
    isActive: true,
    parts: demand.parts,
    slips: [...demand.slips.values()],
  }));
};
