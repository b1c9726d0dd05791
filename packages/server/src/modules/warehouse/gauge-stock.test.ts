import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gaugeStockSchema, type GaugeStockRow } from '@lab/domain';
import {
  audit_events,
  branches,
  component_stock,
  components,
  picking_slips,
  stock_lots,
  stock_movements,
} from '../../db/schema/index';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createCollection, createImplant } from '../../testing/factories';

// Gauge MRP's stock (issue 31) through the real app: the branch's list with what open cases reserve, a
// delivery received with its lot, a write-off that asks before going below zero, the ledger behind them.

let test: TestApp;
let designer: SignedInUser;
let warehouse: SignedInUser;
let restricted: SignedInUser;
let melbourneId: number;

const screwCode = 'SCR-NB-CCRP';
const tibaseCode = 'TIB-NB-CCRP';

const stockList = async (user: SignedInUser, query = '') =>
  test.app.inject({ method: 'GET', url: `/api/v2/gauge_mrp/stock/${query}`, headers: user.headers });

const partRow = async (code: string): Promise<GaugeStockRow> => {
  const response = await stockList(designer, `?branch_id=${melbourneId}`);
  expect(response.statusCode).toBe(200);
  const row = gaugeStockSchema.parse(response.json()).parts.find((part) => part.code === code);
  if (!row) throw new Error(`no row for ${code}`);
  return row;
};

const post = (user: SignedInUser, what: 'receive' | 'write_off', payload: Record<string, unknown>) =>
  test.app.inject({
    method: 'POST',
    url: `/api/v2/gauge_mrp/stock/${what}/`,
    headers: user.headers,
    payload: { branch_id: melbourneId, ...payload },
  });

/** The stock row and the sum of its ledger: always the same. */
const ledgerOf = async (code: string) => {
  const [row] = await test.db
    .select({
      onHand: component_stock.quantity_on_hand,
      ledger: sql<number>`(SELECT coalesce(sum(m.quantity), 0)::int FROM stock_movements m
        WHERE m.component_id = ${component_stock.component_id} AND m.branch_id = ${component_stock.branch_id})`,
    })
    .from(component_stock)
    .innerJoin(components, eq(components.id, component_stock.component_id))
    .where(and(eq(components.code, code), eq(component_stock.branch_id, melbourneId)));
  return row;
};

beforeAll(async () => {
  test = await createTestApp();
  designer = await signInAs(test, { department: 'DESIGN' });
  warehouse = await signInAs(test, { department: 'WAREHOUSE' });
  restricted = await signInAs(test, { department: 'WAREHOUSE', restricted: true });
  const [row] = await test.db
    .select({ id: branches.id })
    .from(branches)
    .where(eq(branches.name, 'Melbourne'));
  if (!row) throw new Error('no Melbourne');
  melbourneId = row.id;
}, 180_000);
afterAll(() => test.close());

describe('the stock list', () => {
  it('reserves the parts of an open case, keeps them through its slip and releases them when picked', async () => {
    const start = await partRow(screwCode);
    expect(start.available).toBe(start.on_hand - start.reserved);
    const collection = await createCollection(test.db, {
      branch: 'Melbourne',
      cases: [{ statusName: 'Polishing' }],
    });
    const caseRow = collection.cases[0];
    if (!caseRow) throw new Error('no case');
    await createImplant(test.db, caseRow.uid, { tooth: 14 });
    await createImplant(test.db, caseRow.uid, { tooth: 15 });
    const reserved = await partRow(screwCode);
    expect(reserved.reserved).toBe(start.reserved + 2);
    expect(reserved.available).toBe(start.available - 2);
    expect((await partRow(tibaseCode)).reserved).toBeGreaterThanOrEqual(2);

    const slipAsked = await test.app.inject({
      method: 'POST',
      url: `/api/v2/case/${caseRow.case_id}/`,
      headers: designer.headers,
      payload: { action: 'picking_slip' },
    });
    expect(slipAsked.statusCode).toBe(200);
    expect((await partRow(screwCode)).reserved).toBe(start.reserved + 2);
    const [slip] = await test.db.select().from(picking_slips).where(eq(picking_slips.case_uid, caseRow.uid));
    const picked = await test.app.inject({
      method: 'POST',
      url: `/api/v2/picking_slips/${slip?.id}/picked/`,
      headers: warehouse.headers,
      payload: { lot_numbers: ['L-PICK-1'] },
    });
    expect(picked.statusCode).toBe(200);
    const after = await partRow(screwCode);
    expect(after.reserved).toBe(start.reserved);
    expect(after.on_hand).toBe(start.on_hand - 2);
    // Picking moves the parts from reserved to gone: what is available does not change.
    expect(after.available).toBe(reserved.available);
    const pickMovements = await test.db
      .select()
      .from(stock_movements)
      .where(and(eq(stock_movements.picking_slip_id, slip?.id ?? 0), eq(stock_movements.kind, 'pick')));
    expect(pickMovements.map((m) => m.quantity)).toEqual([-2, -2]);
    expect(await ledgerOf(screwCode)).toEqual({ onHand: after.on_hand, ledger: after.on_hand });
  });

  it("shows the reader's branch by default, and 404 for a branch that does not exist", async () => {
    const own = await stockList(designer);
    expect(own.statusCode).toBe(200);
    expect(gaugeStockSchema.parse(own.json()).parts.length).toBeGreaterThan(0);
    const missing = await stockList(designer, '?branch_id=999999');
    expect(missing.statusCode).toBe(404);
    expect(errorMessage(missing)).toBe('Branch not found');
  });

  it('is not shown to a restricted employee', async () => {
    const response = await stockList(restricted);
    expect(response.statusCode).toBe(403);
    expect(errorMessage(response)).toBe('Gauge MRP is not available to your account');
  });
});

describe('receive a delivery', () => {
  it('books the quantity in with its lot, in the ledger and the audit', async () => {
    const before = await partRow(screwCode);
    const response = await post(warehouse, 'receive', {
      code: screwCode,
      quantity: 25,
      lot: ' LOT-2026-117 ',
      expires_on: '2031-06-30',
      supplier_reference: 'PO 4471',
    });
    expect(response.statusCode).toBe(200);
    const row = response.json() as GaugeStockRow;
    expect(row.on_hand).toBe(before.on_hand + 25);
    expect(row.available).toBe(before.available + 25);
    expect(row.lots[0]).toMatchObject({ lot: 'LOT-2026-117', expires_on: '2031-06-30' });
    const [movement] = await test.db
      .select({
        kind: stock_movements.kind,
        quantity: stock_movements.quantity,
        supplier: stock_movements.supplier_reference,
        lot: stock_lots.lot,
      })
      .from(stock_movements)
      .innerJoin(stock_lots, eq(stock_lots.id, stock_movements.lot_id))
      .where(eq(stock_lots.lot, 'LOT-2026-117'));
    expect(movement).toEqual({ kind: 'receive', quantity: 25, supplier: 'PO 4471', lot: 'LOT-2026-117' });
    const events = await test.db
      .select({ action: audit_events.action })
      .from(audit_events)
      .where(and(eq(audit_events.entity_type, 'component_stock'), eq(audit_events.action, 'received')));
    expect(events).toHaveLength(1);
    expect(await ledgerOf(screwCode)).toEqual({ onHand: row.on_hand, ledger: row.on_hand });
  });

  it('refuses a bad delivery with the field message and changes nothing', async () => {
    const before = await partRow(tibaseCode);
    const cases: [Record<string, unknown>, string][] = [
      [{ code: tibaseCode, quantity: 0, lot: 'L1' }, 'The quantity must be between 1 and 100000'],
      [{ code: tibaseCode, quantity: 2.5, lot: 'L1' }, 'Must be a whole number'],
      [{ code: tibaseCode, quantity: 2, lot: '  ' }, 'Cannot be blank'],
      [{ code: tibaseCode, quantity: 2, lot: 'L1', expires_on: '30/06/2031' }, 'Enter a date as YYYY-MM-DD'],
      [{ code: tibaseCode, quantity: 2, lot: '\ud800' }, 'Contains characters that cannot be stored'],
    ];
    for (const [payload, message] of cases) {
      const response = await post(warehouse, 'receive', payload);
      expect(response.statusCode, message).toBe(400);
      expect(JSON.stringify(response.json()), message).toContain(message);
    }
    const unknown = await post(warehouse, 'receive', { code: 'NO-SUCH-PART', quantity: 1, lot: 'L1' });
    expect(unknown.statusCode).toBe(404);
    expect(errorMessage(unknown)).toBe('Component not found');
    expect((await partRow(tibaseCode)).on_hand).toBe(before.on_hand);
  });

  it('is the warehouse’s: a designer and a restricted warehouse employee are refused', async () => {
    const byDesigner = await post(designer, 'receive', { code: screwCode, quantity: 1, lot: 'L9' });
    expect(byDesigner.statusCode).toBe(403);
    expect(errorMessage(byDesigner)).toBe('Only Warehouse staff may change stock');
    const byRestricted = await post(restricted, 'receive', { code: screwCode, quantity: 1, lot: 'L9' });
    expect(byRestricted.statusCode).toBe(403);
  });
});

describe('write off', () => {
  it('asks before going below zero, saying what it leaves, then records it when confirmed', async () => {
    const before = await partRow(tibaseCode);
    const quantity = Math.max(before.on_hand, 0) + 3;
    const asked = await post(warehouse, 'write_off', {
      code: tibaseCode,
      quantity,
      reason: 'Damaged in transit',
    });
    expect(asked.statusCode).toBe(409);
    expect(errorMessage(asked)).toBe(
      `This leaves ${before.on_hand - quantity} on hand, below zero. Confirm to write it off anyway.`,
    );
    expect((await partRow(tibaseCode)).on_hand).toBe(before.on_hand);
    const confirmed = await post(warehouse, 'write_off', {
      code: tibaseCode,
      quantity,
      reason: 'Damaged in transit',
      confirm_below_zero: true,
    });
    expect(confirmed.statusCode).toBe(200);
    expect((confirmed.json() as GaugeStockRow).on_hand).toBe(before.on_hand - quantity);
    expect(await ledgerOf(tibaseCode)).toEqual({
      onHand: before.on_hand - quantity,
      ledger: before.on_hand - quantity,
    });
  });

  it('writes off within stock without asking, and needs a reason', async () => {
    await post(warehouse, 'receive', { code: screwCode, quantity: 5, lot: 'L-WO' });
    const before = await partRow(screwCode);
    const noReason = await post(warehouse, 'write_off', { code: screwCode, quantity: 1, reason: '' });
    expect(noReason.statusCode).toBe(400);
    expect(JSON.stringify(noReason.json())).toContain('Cannot be blank');
    const done = await post(warehouse, 'write_off', { code: screwCode, quantity: 2, reason: 'Expired' });
    expect(done.statusCode).toBe(200);
    expect((done.json() as GaugeStockRow).on_hand).toBe(before.on_hand - 2);
  });
});

describe('the last unit, taken twice at once', () => {
  it('lets exactly one write-off take it; the other is told what it would leave', async () => {
    const code = 'ANA-NB-CCNP';
    const now = await partRow(code);
    if (now.on_hand !== 1) {
      const fix = now.on_hand > 1 ? 'write_off' : 'receive';
      const quantity = Math.abs(now.on_hand - 1);
      const fixed = await post(warehouse, fix, {
        code,
        quantity,
        lot: 'L-LAST',
        reason: 'Count',
        confirm_below_zero: true,
      });
      expect(fixed.statusCode).toBe(200);
    }
    const both = await Promise.all(
      [1, 2].map(() => post(warehouse, 'write_off', { code, quantity: 1, reason: 'Damaged' })),
    );
    expect(both.map((response) => response.statusCode).toSorted()).toEqual([200, 409]);
    const refused = both.find((response) => response.statusCode === 409);
    expect(refused && errorMessage(refused)).toBe(
      'This leaves -1 on hand, below zero. Confirm to write it off anyway.',
    );
    expect(await ledgerOf(code)).toEqual({ onHand: 0, ledger: 0 });
  });

  it('lets two picks of the last unit both go through, each told what it leaves, the ledger whole', async () => {
    const slips = [];
    for (const tooth of [21, 22]) {
      const collection = await createCollection(test.db, {
        branch: 'Melbourne',
        cases: [{ statusName: 'Polishing' }],
      });
      const caseRow = collection.cases[0];
      if (!caseRow) throw new Error('no case');
      await createImplant(test.db, caseRow.uid, { tooth });
      const asked = await test.app.inject({
        method: 'POST',
        url: `/api/v2/case/${caseRow.case_id}/`,
        headers: designer.headers,
        payload: { action: 'picking_slip' },
      });
      expect(asked.statusCode).toBe(200);
      const [slip] = await test.db
        .select()
        .from(picking_slips)
        .where(eq(picking_slips.case_uid, caseRow.uid));
      slips.push(slip?.id ?? 0);
    }
    const before = (await partRow(screwCode)).on_hand;
    const picks = await Promise.all(
      slips.map((slipId) =>
        test.app.inject({
          method: 'POST',
          url: `/api/v2/picking_slips/${slipId}/picked/`,
          headers: warehouse.headers,
          payload: { lot_numbers: null },
        }),
      ),
    );
    expect(picks.map((response) => response.statusCode)).toEqual([200, 200]);
    const left = picks
      .map((response) => (response.json() as { stock: { code: string; quantity_on_hand: number }[] }).stock)
      .map((stock) => stock.find((item) => item.code === screwCode)?.quantity_on_hand)
      .toSorted((a, b) => (a ?? 0) - (b ?? 0));
    // Serialised by the row lock: one saw the other's pick.
    expect(left).toEqual([before - 2, before - 1]);
    expect(await ledgerOf(screwCode)).toEqual({ onHand: before - 2, ledger: before - 2 });
  });
});
