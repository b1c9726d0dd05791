import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { selectRows, type DatabaseHandle } from '../client';
import { openTestDatabase } from '../../testing/test-database';
import { seedBulkCollections } from './bulk';

// The benchmark generator on a fresh database: it seeds the demo lab first, then adds collections in
// batches. It skips foreign-key checks for speed, so the test checks the references itself.

let handle: DatabaseHandle;
const lines: string[] = [];
beforeAll(async () => {
  handle = await openTestDatabase();
  await seedBulkCollections(handle.db, 150, { log: (line) => lines.push(line) });
  await seedBulkCollections(handle.db, 50);
});
afterAll(() => handle?.close());

const count = async (query: ReturnType<typeof sql>): Promise<number> =>
  Number((await selectRows<{ n: number }>(handle.db, query))[0]?.n ?? 0);

describe('seedBulkCollections', () => {
  it('adds collections with cases, implants and messages on top of the demo lab', async () => {
    expect(lines[0]).toContain('demo lab');
    expect(lines.at(-3)).toContain('150 / 150 collections');
    expect(lines.at(-2)).toMatch(/lots of [\d,]+ picked slips placed/);
    expect(lines.at(-1)).toMatch(/payments recorded/);
    expect(await count(sql`SELECT count(*)::int AS n FROM collections`)).toBe(20 + 150 + 50);
    expect(await count(sql`SELECT count(*)::int AS n FROM cases`)).toBeGreaterThan(220);
    expect(await count(sql`SELECT count(*)::int AS n FROM implants`)).toBeGreaterThan(400);
    expect(await count(sql`SELECT count(*)::int AS n FROM messages`)).toBeGreaterThan(100);
    // Billed as the demo is: every collection with a dispatched case has an invoice.
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM collections col WHERE EXISTS (
              SELECT 1 FROM cases c WHERE c.collection_uid = col.uid AND c.dispatched)
            AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.collection_uid = col.uid)`,
      ),
    ).toBe(0);
  });

  it('writes only valid references and case keys', async () => {
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM cases c LEFT JOIN collections col ON col.uid = c.collection_uid WHERE col.uid IS NULL`,
      ),
    ).toBe(0);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM implants i LEFT JOIN cases c ON c.uid = i.case_uid WHERE c.uid IS NULL`,
      ),
    ).toBe(0);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM messages m LEFT JOIN collections col ON col.uid = m.case_collection_uid WHERE m.case_collection_uid IS NOT NULL AND col.uid IS NULL`,
      ),
    ).toBe(0);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM cases c LEFT JOIN users u ON u.id = c.delegated_to_id WHERE c.delegated_to_id IS NOT NULL AND u.id IS NULL`,
      ),
    ).toBe(0);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM cases c JOIN collections col ON col.uid = c.collection_uid WHERE c.case_mkey <> col.collection_id || '-' || lpad(c.ordinal::text, 2, '0')`,
      ),
    ).toBe(0);
  });

  it('takes parts from shared lots and mills from shared batches, as a recall finds them', async () => {
    // Every generated picked slip has its lots placed on its lines.
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM picking_slips WHERE picked_at IS NOT NULL AND NOT lots_derived`,
      ),
    ).toBe(0);
    // Per part (or material) and branch, each run has opened one box so far (fewer cases than a box
    // holds): the generated cases share it. The demo lab's first 20 collections have lots of their own.
    const generated = sql`SELECT uid FROM collections WHERE collection_id > (SELECT max(collection_id) FROM
      (SELECT collection_id FROM collections ORDER BY collection_id LIMIT 20) demo)`;
    const [lots] = await selectRows<{ boxes: number; parts: number; cases: number }>(
      handle.db,
      sql`SELECT count(DISTINCT (p.code, col.fulfillment_branch_id, p.lot))::int AS boxes,
                 count(DISTINCT (p.code, col.fulfillment_branch_id))::int AS parts,
                 count(DISTINCT p.case_uid)::int AS cases
          FROM pick_lots p JOIN cases c ON c.uid = p.case_uid JOIN collections col ON col.uid = c.collection_uid
          WHERE col.uid IN (${generated})`,
    );
    expect(lots?.cases).toBeGreaterThan(20);
    expect(lots?.boxes).toBeLessThanOrEqual(2 * (lots?.parts ?? 0));
    expect(lots?.cases).toBeGreaterThan(lots?.boxes ?? 0);
    const [batches] = await selectRows<{ batches: number; materials: number; cases: number }>(
      handle.db,
      sql`SELECT count(DISTINCT c.material_batch_number)::int AS batches,
                 count(DISTINCT (c.material_id, col.fulfillment_branch_id))::int AS materials, count(*)::int AS cases
          FROM cases c JOIN collections col ON col.uid = c.collection_uid
          WHERE c.material_batch_number IS NOT NULL AND col.uid IN (${generated})`,
    );
    expect(batches?.batches).toBeLessThanOrEqual(2 * (batches?.materials ?? 0));
    expect(batches?.cases).toBeGreaterThan(batches?.batches ?? 0);
  });

  it('varies patients and practices so searches have something to rank', async () => {
    expect(
      await count(sql`SELECT count(DISTINCT patient_reference)::int AS n FROM collections`),
    ).toBeGreaterThan(190);
    expect(await count(sql`SELECT count(DISTINCT lower(name))::int AS n FROM clients`)).toBe(
      await count(sql`SELECT count(*)::int AS n FROM clients`),
    );
  });
});
