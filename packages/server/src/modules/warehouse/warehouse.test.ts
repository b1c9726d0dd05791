import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickedSlipAnswerSchema, stockOnHandSchema } from '@lab/domain';
import {
  audit_events,
  branches,
  case_audit,
  component_stock,
  components,
  picking_slips,
} from '../../db/schema/index';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createCollection, createImplant } from '../../testing/factories';

// Stock on hand (GET and the warehouse's PATCH of /api/v2/components/{branch}/{code}/soh/) and the picked
// slip (POST /api/v2/picking_slips/{id}/picked/) through the real app on the seeded catalogue.

let test: TestApp;
let designer: SignedInUser;
let warehouse: SignedInUser;
let admin: SignedInUser;
let melbourne: { id: number; code: string };

const screwCode = 'SCR-NB-CCRP';
const tibaseCode = 'TIB-NB-CCRP';

const stockRow = async (code: string, branchId: number) => {
  const [row] = await test.db
    .select({ quantity: component_stock.quantity_on_hand, location: component_stock.location })
    .from(component_stock)
    .innerJoin(components, eq(components.id, component_stock.component_id))
    .where(and(eq(components.code, code), eq(component_stock.branch_id, branchId)));
  return row ?? null;
};

const setStock = async (code: string, branchId: number, quantity: number, location: string | null) => {
  const [component] = await test.db.select().from(components).where(eq(components.code, code));
  if (!component) throw new Error(`no component ${code}`);
  await test.db
    .insert(component_stock)
    .values({ component_id: component.id, branch_id: branchId, quantity_on_hand: quantity, location })
    .onConflictDoUpdate({
      target: [component_stock.component_id, component_stock.branch_id],
      set: { quantity_on_hand: quantity, location },
    });
};

const getStock = (user: SignedInUser | null, branch: string | number, code: string) =>
  test.app.inject({
    method: 'GET',
    url: `/api/v2/components/${branch}/${encodeURIComponent(code)}/soh/`,
    headers: user?.headers ?? {},
  });

const patchStock = (user: SignedInUser, branch: string | number, code: string, payload: unknown) =>
  test.app.inject({
    method: 'PATCH',
    url: `/api/v2/components/${branch}/${encodeURIComponent(code)}/soh/`,
    headers: user.headers,
    payload: payload as Record<string, unknown>,
  });

const pick = (user: SignedInUser, slipId: number | string, payload: unknown = {}) =>
  test.app.inject({
    method: 'POST',
    url: `/api/v2/picking_slips/${slipId}/picked/`,
    headers: user.headers,
    payload: payload as Record<string, unknown>,
  });

beforeAll(async () => {
  test = await createTestApp();
  designer = await signInAs(test, { department: 'DESIGN' });
  warehouse = await signInAs(test, { department: 'WAREHOUSE' });
  admin = await signInAs(test, { department: 'ADMIN', admin: true });
  const [row] = await test.db
    .select({ id: branches.id, code: branches.code })
    .from(branches)
    .where(eq(branches.name, 'Melbourne'));
  if (!row) throw new Error('no Melbourne');
  melbourne = row;
}, 180_000);
afterAll(() => test.close());

describe('GET /api/v2/components/{branch}/{component code}/soh/', () => {
  it("answers the part's quantity and shelf at the branch, by branch id or code", async () => {
    await setStock(screwCode, melbourne.id, 14, 'B2-07');
    for (const branch of [melbourne.id, 'MEL', 'mel']) {
      const response = await getStock(designer, branch, screwCode);
      expect(response.statusCode).toBe(200);
      expect(stockOnHandSchema.parse(response.json())).toEqual({ quantity_on_hand: 14, location: 'B2-07' });
    }
  });

  it('answers a negative quantity as it is (picked before a delivery was booked in)', async () => {
    await setStock(tibaseCode, melbourne.id, -2, null);
    const response = await getStock(designer, 'MEL', tibaseCode);
    expect(response.json()).toEqual({ quantity_on_hand: -2, location: null });
  });

  it('answers 0 without a shelf for a part the branch never held', async () => {
    const [component] = await test.db.select().from(components).where(eq(components.code, 'ATT-EQU'));
    await test.db
      .delete(component_stock)
      .where(
        and(
          eq(component_stock.component_id, component?.id ?? 0),
          eq(component_stock.branch_id, melbourne.id),
        ),
      );
    const response = await getStock(designer, 'MEL', 'ATT-EQU');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ quantity_on_hand: 0, location: null });
  });

  it('answers 404 for an unknown branch or part', async () => {
    const noBranch = await getStock(designer, 'XYZ', screwCode);
    expect(noBranch.statusCode).toBe(404);
    expect(errorMessage(noBranch)).toBe('Branch not found');
    const noBranchId = await getStock(designer, 999_999, screwCode);
    expect(errorMessage(noBranchId)).toBe('Branch not found');
    const noPart = await getStock(designer, 'MEL', 'NO-SUCH-PART');
    expect(noPart.statusCode).toBe(404);
    expect(errorMessage(noPart)).toBe('Component not found');
  });

  it('answers 400 for a branch or code that cannot name one', async () => {
    const badBranch = await getStock(designer, 'M3L', screwCode);
    expect(badBranch.statusCode).toBe(400);
    expect(errorMessage(badBranch)).toBe('Invalid branch');
    const zero = await getStock(designer, 0, screwCode);
    expect(errorMessage(zero)).toBe('Invalid branch');
    const badCode = await getStock(designer, 'MEL', 'SCR NB');
    expect(badCode.statusCode).toBe(400);
    expect(errorMessage(badCode)).toBe('Invalid component code');
  });

  it('answers 401 without a token', async () => {
    const response = await getStock(null, 'MEL', screwCode);
    expect(response.statusCode).toBe(401);
    expect(errorMessage(response)).toBe('Invalid Token');
  });
});

describe('PATCH /api/v2/components/{branch}/{component code}/soh/ (the warehouse)', () => {
  it('books a delivery in and moves the shelf, with an audit row naming the reason', async () => {
    await setStock(screwCode, melbourne.id, 3, 'A1-01');
    const response = await patchStock(warehouse, 'MEL', screwCode, {
      adjustment: 20,
      location: 'C4-02',
      reason: 'Delivery PO 4411',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ quantity_on_hand: 23, location: 'C4-02' });
    expect(await stockRow(screwCode, melbourne.id)).toEqual({ quantity: 23, location: 'C4-02' });
    const audits = await test.db
      .select()
      .from(audit_events)
      .where(
        and(eq(audit_events.entity_type, 'component_stock'), eq(audit_events.entity_id, `${screwCode}@MEL`)),
      );
    expect(audits.at(-1)).toMatchObject({
      action: 'adjusted',
      actor_reference: warehouse.username,
      changed_values: {
        reason: 'Delivery PO 4411',
        quantity_on_hand: { old: 3, new: 23 },
        location: { old: 'A1-01', new: 'C4-02' },
      },
    });
  });

  it('writes parts off below zero, keeps the shelf when none is sent and lets an admin do it too', async () => {
    await setStock(screwCode, melbourne.id, 2, 'C4-02');
    const response = await patchStock(admin, melbourne.id, screwCode, { adjustment: -5, reason: 'Damaged' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ quantity_on_hand: -3, location: 'C4-02' });
  });

  it('creates the row of a part the branch never held, and clears a shelf with an empty text', async () => {
    const [sydney] = await test.db.select().from(branches).where(eq(branches.code, 'SYD'));
    const [component] = await test.db.select().from(components).where(eq(components.code, 'HC-GM-45'));
    await test.db
      .delete(component_stock)
      .where(
        and(
          eq(component_stock.component_id, component?.id ?? 0),
          eq(component_stock.branch_id, sydney?.id ?? 0),
        ),
      );
    const booked = await patchStock(warehouse, 'SYD', 'HC-GM-45', {
      adjustment: 6,
      location: 'H1',
      reason: 'First delivery',
    });
    expect(booked.json()).toEqual({ quantity_on_hand: 6, location: 'H1' });
    const cleared = await patchStock(warehouse, 'SYD', 'HC-GM-45', { location: '', reason: 'Shelf emptied' });
    expect(cleared.json()).toEqual({ quantity_on_hand: 6, location: null });
  });

  it('answers 403 for staff outside the warehouse and changes nothing', async () => {
    await setStock(screwCode, melbourne.id, 9, 'C4-02');
    const response = await patchStock(designer, 'MEL', screwCode, { adjustment: 1, reason: 'Found one' });
    expect(response.statusCode).toBe(403);
    expect(errorMessage(response)).toBe('Only the warehouse can adjust stock');
    expect(await stockRow(screwCode, melbourne.id)).toEqual({ quantity: 9, location: 'C4-02' });
  });

  it.each([
    [{ adjustment: 1 }, 'reason', 'Cannot be blank'],
    [{ adjustment: 1, reason: '   ' }, 'reason', 'Cannot be blank'],
    [{ reason: 'Count' }, 'adjustment', 'Give an adjustment or a location'],
    [{ adjustment: 0, reason: 'Count' }, 'adjustment', 'The adjustment cannot be 0'],
    [{ adjustment: 1.5, reason: 'Count' }, 'adjustment', 'Must be a whole number'],
    [{ adjustment: '3', reason: 'Count' }, 'adjustment', 'Must be a whole number'],
    [
      { adjustment: 100_001, reason: 'Count' },
      'adjustment',
      'The adjustment must be between -100000 and 100000',
    ],
    [{ location: 'x'.repeat(41), reason: 'Count' }, 'location', 'Must be at most 40 characters'],
    [{ adjustment: 1, reason: 'a\u0000b' }, 'reason', 'Contains characters that cannot be stored'],
  ])('answers 400 for %j', async (payload, field, message) => {
    await setStock(screwCode, melbourne.id, 9, 'C4-02');
    const response = await patchStock(warehouse, 'MEL', screwCode, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBe(message);
    expect(await stockRow(screwCode, melbourne.id)).toEqual({ quantity: 9, location: 'C4-02' });
  });

  it('answers 404 for an unknown branch or part', async () => {
    const response = await patchStock(warehouse, 'PER', screwCode, { adjustment: 1, reason: 'x' });
    expect(response.statusCode).toBe(404);
    expect(errorMessage(response)).toBe('Branch not found');
    const part = await patchStock(warehouse, 'MEL', 'NOPE-1', { adjustment: 1, reason: 'x' });
    expect(errorMessage(part)).toBe('Component not found');
  });
});

describe('POST /api/v2/picking_slips/{id}/picked/', () => {
  /** A case at the branch with two Nobel CC RP implants, and a slip requested through the case action. */
  const requestSlip = async (branch: string | null = 'Melbourne') => {
    const collection = await createCollection(test.db, { branch, cases: [{ statusName: 'Polishing' }] });
    const caseRow = collection.cases[0];
    if (!caseRow) throw new Error('no case');
    await createImplant(test.db, caseRow.uid, { tooth: 14 });
    await createImplant(test.db, caseRow.uid, { tooth: 15 });
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/v2/case/${caseRow.case_id}/`,
      headers: designer.headers,
      payload: { action: 'picking_slip' },
    });
    expect(response.statusCode).toBe(200);
    const [slip] = await test.db.select().from(picking_slips).where(eq(picking_slips.case_uid, caseRow.uid));
    if (!slip) throw new Error('no slip');
    return { collection, caseRow, slipId: slip.id };
  };

  it('stamps the slip, takes its parts out of the branch stock and audits it all', async () => {
    const { caseRow, slipId } = await requestSlip();
    await setStock(screwCode, melbourne.id, 5, 'B2-07');
    await setStock(tibaseCode, melbourne.id, 1, 'B2-08');
    const response = await pick(warehouse, slipId, { lot_numbers: { Screws: ['L123'], 'Ti-Bases': ['T9'] } });
    expect(response.statusCode).toBe(200);
    const answer = pickedSlipAnswerSchema.parse(response.json());
    expect(answer).toMatchObject({
      id: slipId,
      picked_by: expect.stringContaining('Test User'),
      lot_numbers: { Screws: ['L123'], 'Ti-Bases': ['T9'] },
    });
    expect(answer.stock.toSorted((a, b) => a.code.localeCompare(b.code))).toEqual([
      { code: screwCode, quantity_picked: 2, quantity_on_hand: 3 },
      { code: tibaseCode, quantity_picked: 2, quantity_on_hand: -1 },
    ]);
    expect(await stockRow(tibaseCode, melbourne.id)).toEqual({ quantity: -1, location: 'B2-08' });
    const [slip] = await test.db.select().from(picking_slips).where(eq(picking_slips.id, slipId));
    expect(slip?.picked_at).toBeInstanceOf(Date);
    expect(slip?.lot_numbers).toEqual({ Screws: ['L123'], 'Ti-Bases': ['T9'] });
    const events = await test.db.select().from(audit_events).where(eq(audit_events.case_uid, caseRow.uid));
    expect(events.map((e) => `${e.entity_type}/${e.action}`).toSorted()).toEqual([
      'component_stock/picked',
      'component_stock/picked',
      'picking_slip/picked',
    ]);
    const caseAudit = await test.db.select().from(case_audit).where(eq(case_audit.case_uid, caseRow.uid));
    expect(caseAudit.at(-1)?.changed_values).toEqual({
      [`picking slip ${slipId}`]: { old: 'Requested', new: 'Picked' },
    });
  });

  it('shows the pick on the collection (picked_at, picked_by, lot numbers)', async () => {
    const { collection, caseRow, slipId } = await requestSlip();
    await pick(admin, slipId, { lot_numbers: ['LOT-1'] });
    const answer = await test.app.inject({
      method: 'GET',
      url: `/api/v2/collection/${collection.uid}/`,
      headers: designer.headers,
    });
    const found = answer
      .json<{
        cases: {
          uid: string;
          picking_slips: { id: number; picked_at: string | null; lot_numbers: unknown }[];
        }[];
      }>()
      .cases.find((c) => c.uid === caseRow.uid);
    expect(found?.picking_slips.find((s) => s.id === slipId)).toMatchObject({
      picked_at: expect.any(String),
      lot_numbers: ['LOT-1'],
    });
  });

  it('answers 409 for a slip already picked, and takes no stock twice', async () => {
    const { slipId } = await requestSlip();
    await setStock(screwCode, melbourne.id, 10, 'B2-07');
    expect((await pick(warehouse, slipId)).statusCode).toBe(200);
    const again = await pick(warehouse, slipId);
    expect(again.statusCode).toBe(409);
    expect(errorMessage(again)).toBe('This picking slip has already been picked');
    expect((await stockRow(screwCode, melbourne.id))?.quantity).toBe(8);
  });

  it('answers 409 for a case whose collection has no fulfillment branch', async () => {
    const { slipId } = await requestSlip(null);
    const response = await pick(warehouse, slipId);
    expect(response.statusCode).toBe(409);
    expect(errorMessage(response)).toBe('No Fulfillment Branch Selected');
  });

  it('answers 403 outside the warehouse, 404 for an unknown slip, 400 for bad lot numbers', async () => {
    const { slipId } = await requestSlip();
    const designerPick = await pick(designer, slipId);
    expect(designerPick.statusCode).toBe(403);
    expect(errorMessage(designerPick)).toBe('Only the warehouse can adjust stock');
    for (const id of [999_999, 'abc', 0, '99999999999']) {
      const missing = await pick(warehouse, id);
      expect(missing.statusCode).toBe(404);
      expect(errorMessage(missing)).toBe('Picking slip not found');
    }
    const bad = await pick(warehouse, slipId, { lot_numbers: 'L1' });
    expect(bad.statusCode).toBe(400);
    expect(errorMessage(bad)).toBe('Lot numbers must be a list, or lists by group');
    const blank = await pick(warehouse, slipId, { lot_numbers: [''] });
    expect(blank.statusCode).toBe(400);
    const [slip] = await test.db.select().from(picking_slips).where(eq(picking_slips.id, slipId));
    expect(slip?.picked_at).toBeNull();
  });
});
