import { sql } from 'drizzle-orm';
import {
  AppError,
  availableStock,
  gaugeMrpMessages,
  isAtReorderPoint,
  reservedByCases,
  type GaugeStock,
  type GaugeStockRow,
} from '@lab/domain';
import { selectRows, type Queryable } from '../../db/client';
import { loadCaseDemands } from './case-demand';

// GET /api/v2/gauge_mrp/stock/: every stocked part at a branch with on hand, what open cases reserve, what
// is available and the reorder point, and its latest lots. A part the branch never held shows 0.

type PartRow = {
  component_id: number;
  code: string;
  name: string;
  kind: string;
  location: string | null;
  on_hand: number;
  reorder_point: number | null;
};
type LotRow = { component_id: number; lot: string; expires_on: string | null; received_at: string };

const lotsShown = 5;

const loadParts = (q: Queryable, branchId: number, componentId?: number) =>
  selectRows<PartRow>(
    q,
    sql`SELECT c.id AS component_id, c.code, c.name, c.kind, s.location,
               coalesce(s.quantity_on_hand, 0) AS on_hand, s.reorder_point
        FROM components c
        LEFT JOIN component_stock s ON s.component_id = c.id AND s.branch_id = ${branchId}
        WHERE (NOT c.is_disabled OR s.quantity_on_hand <> 0)
          ${componentId === undefined ? sql`` : sql`AND c.id = ${componentId}`}
        ORDER BY c.kind, c.code`,
  );

const loadLots = (q: Queryable, branchId: number, componentId?: number) =>
  selectRows<LotRow>(
    q,
    sql`SELECT component_id, lot, expires_on::text AS expires_on,
               to_char(received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS received_at
        FROM (
          SELECT l.*, row_number() OVER (PARTITION BY l.component_id ORDER BY l.received_at DESC, l.id DESC) AS n
          FROM stock_lots l WHERE l.branch_id = ${branchId}
            ${componentId === undefined ? sql`` : sql`AND l.component_id = ${componentId}`}
        ) ranked
        WHERE n <= ${lotsShown}
        ORDER BY component_id, received_at DESC`,
  );

/** The stock rows of a branch (or of one part there), each part's figures by the domain's rule. */
export const loadStockRows = async (
  q: Queryable,
  branchId: number,
  componentId?: number,
): Promise<GaugeStockRow[]> => {
  const [parts, lots, demands] = [
    await loadParts(q, branchId, componentId),
    await loadLots(q, branchId, componentId),
    await loadCaseDemands(q, branchId),
  ];
  const reserved = reservedByCases(demands);
  const lotsByPart = new Map<number, LotRow[]>();
  for (const lot of lots)
    lotsByPart.set(lot.component_id, [...(lotsByPart.get(lot.component_id) ?? []), lot]);
  return parts.map((part) => {
    const held = reserved.get(part.component_id) ?? 0;
    const available = availableStock(part.on_hand, held);
    return {
      component_id: part.component_id,
      code: part.code,
      name: part.name,
      kind: part.kind,
      location: part.location,
      on_hand: part.on_hand,
      reserved: held,
      available,
      reorder_point: part.reorder_point,
      is_at_reorder_point: isAtReorderPoint(available, part.reorder_point),
      lots: (lotsByPart.get(part.component_id) ?? []).map(({ lot, expires_on, received_at }) => ({
        lot,
        expires_on,
        received_at,
      })),
    };
  });
};

/** One part's row at its branch, as the list shows it (the answer of a receive or write-off). */
export const loadStockRow = async (
  q: Queryable,
  place: { branchId: number; componentId: number },
): Promise<GaugeStockRow> => {
  const [row] = await loadStockRows(q, place.branchId, place.componentId);
  if (!row) throw new AppError('not_found', { message: gaugeMrpMessages.unknownPart });
  return row;
};

export const loadGaugeStock = async (
  q: Queryable,
  branch: { id: number; name: string },
): Promise<GaugeStock> => ({ branch, parts: await loadStockRows(q, branch.id) });
