import { asc, eq } from 'drizzle-orm';
import type { Department } from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { branches, users } from '../../db/schema/index';
import { receiveStock } from './receive-stock';
import { loadShortages } from './shortages';
import { loadStockRows } from './stock-list';

// The demo's deliveries: a lab keeps the parts its open cases need on the shelf, so the warehouse has
// booked in (through Gauge MRP's own receive, with lots, ledger and audit) what each branch was short
// of — all but one part per branch, whose cases due soon Gauge MRP's Shortages view shows. Fixed
// quantities and lots, no randomness.

const hour = 3_600_000;
const day = 24 * hour;
/** Cover what is reserved, plus a box's margin, in boxes of ten. */
const margin = 10;
const box = 10;

const warehouseActor = async (db: Db): Promise<StaffActor | null> => {
  const [row] = await db.select().from(users).where(eq(users.username, 'warehouse')).limit(1);
  if (!row) return null;
  return {
    kind: 'staff',
    id: row.id,
    username: row.username,
    first_name: row.first_name,
    last_name: row.last_name,
    department: row.department as Department,
    all_departments: row.all_departments,
    admin: row.admin,
    restricted: row.restricted,
    staging: row.staging,
    branch_id: row.branch_id,
    session_id: 'demo-seed',
  };
};

export const seedDeliveries = async (db: Db, now: number): Promise<void> => {
  const actor = await warehouseActor(db);
  if (!actor) return;
  const branchRows = await db
    .select({ id: branches.id, name: branches.name })
    .from(branches)
    .orderBy(asc(branches.id));
  let delivery = 0;
  for (const branch of branchRows) {
    const shortages = await loadShortages(db, branch, new Date(now));
    // The least short part stays short, so the Shortages view has a case to show.
    const keptShort = shortages.parts.at(-1)?.component_id;
    const rows = await loadStockRows(db, branch.id);
    for (const row of rows) {
      if (row.reserved === 0 || row.available >= 0 || row.component_id === keptShort) continue;
      delivery += 1;
      const at = now - (2 * day + delivery * hour);
      await receiveStock(db, {
        actor,
        now: new Date(at),
        body: {
          branch_id: branch.id,
          code: row.code,
          quantity: Math.ceil((margin - row.available) / box) * box,
          lot: `${String(new Date(at).getUTCFullYear() % 100)}D${String(10_000 + delivery * 373).padStart(5, '0')}`,
          expires_on: new Date(at + 3 * 365 * day).toISOString().slice(0, 10),
          supplier_reference: `PO ${4400 + delivery}`,
        },
      });
    }
  }
};
