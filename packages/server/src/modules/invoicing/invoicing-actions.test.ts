import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceActionMessages, invoiceMessages, parseMoneyCents } from '@lab/domain';
import { case_audit, collection_pricing_kits, item_options, kits } from '../../db/schema/index';
import { errorMessage, type TestApp } from '../../testing';
import { createImplant } from '../../testing/factories';
import { invoicingKit } from './invoicing-test-kit';

// The invoice a dispatch raises (issue 13 §1), item options and the PO# of POST /api/v2/case/{case_number}/
// through the real app (collection-views §5, §7): each success with its audit row, each refusal with its
// message and nothing changed. Splits and closing an invoice: invoice-closing.test.ts.

let test: TestApp;
const { start, caseAt, act, dispatch, onlyInvoice, invoiceAudit, descriptions, twoCaseCollection } =
  invoicingKit();
beforeAll(async () => {
  ({ test } = await start());
});
afterAll(() => test.close());

describe('a dispatch raises the invoice', () => {
  it('puts the case, its implant parts and the pricing kit on a new invoice, then adds the next case', async () => {
    const collection = await twoCaseCollection();
    const [first, second] = [caseAt(collection, 0), caseAt(collection, 1)];
    await createImplant(test.db, first.uid, { tooth: 36 });
    await createImplant(test.db, first.uid, { tooth: 46 });
    const [kit] = await test.db.select().from(kits).where(eq(kits.kind, 'PRICING')).limit(1);
    if (!kit) throw new Error('no pricing kit');
    await test.db
      .insert(collection_pricing_kits)
      .values({ collection_uid: collection.uid, kit_id: kit.id, dentate: 'LOWER' });

    await dispatch(first);
    const raised = await onlyInvoice(first);
    expect(raised.related_mkey_cases).toEqual([first.case_mkey]);
    const kitLine = raised.lines.find((l) => l.description === kit.name);
    expect(kitLine).toMatchObject({ case_mkey: null, is_fixed: true, total_amount: '250.00' });
    expect(raised.lines.find((l) => l.description.includes('Screw-Retained Bridge'))).toMatchObject({
      case_mkey: first.case_mkey,
      total_qty: '1.00',
      is_fixed: false,
    });
    // The implants' default screws at the list price (38.50 AUD each), counted per part.
    const screwLine = raised.lines.find((l) => l.unit_price === '38.50');
    expect(screwLine?.total_qty).toBe('2.00');
    expect(screwLine?.total_amount).toBe('77.00');

    await dispatch(second);
    const grown = await onlyInvoice(first);
    expect(grown.invoice_number).toBe(raised.invoice_number);
    expect(grown.related_mkey_cases).toEqual([first.case_mkey, second.case_mkey]);
    // The kit is billed once per collection.
    expect(grown.lines.filter((l) => l.description === kit.name)).toHaveLength(1);
    expect((await invoiceAudit(raised.invoice_number)).map((a) => a.action)).toEqual(['created', 'updated']);
  });
});

describe('edit_case_items', () => {
  it('stores the options and puts the selected ones on the open invoice, a percentage of the job type', async () => {
    const collection = await twoCaseCollection();
    const [first, second] = [caseAt(collection, 0), caseAt(collection, 1)];
    await dispatch(first);
    const before = await onlyInvoice(first);
    const jobLine = before.lines.find((l) => l.case_mkey === first.case_mkey);
    const base = parseMoneyCents(jobLine?.total_amount ?? '0') ?? 0;

    const response = await act(first, {
      action: 'edit_case_items',
      case_item_options: [
        {
          description: 'Express turnaround',
          is_selected: true,
          amount: 15000,
          is_percentage: false,
          case_id: first.case_id,
        },
        {
          description: 'Loyalty',
          is_selected: true,
          amount: 10,
          is_percentage: true,
          case_id: first.case_id,
        },
        {
          description: 'Shade',
          is_selected: false,
          amount: 4500,
          is_percentage: false,
          case_id: first.case_id,
        },
        {
          description: 'Gold',
          is_selected: true,
          amount: 2000,
          is_percentage: false,
          case_id: second.case_id,
        },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);

    const after = await onlyInvoice(first);
    expect(descriptions(after)).toEqual(
      expect.arrayContaining([
        'Express turnaround 150.00',
        `Loyalty ${(Math.round(base / 10) / 100).toFixed(2)}`,
      ]),
    );
    expect(descriptions(after).some((d) => d.startsWith('Shade'))).toBe(false);
    // The second case is not dispatched: its options are kept for when it is invoiced.
    expect(descriptions(after).some((d) => d.startsWith('Gold'))).toBe(false);
    const stored = await test.db.select().from(item_options).where(eq(item_options.case_uid, second.uid));
    expect(stored).toMatchObject([{ description: 'Gold', amount: '20.00', is_selected: true }]);
    const [audit] = await test.db
      .select()
      .from(case_audit)
      .where(eq(case_audit.case_uid, first.uid))
      .orderBy(case_audit.id);
    expect(audit).toBeDefined();
    expect((await invoiceAudit(after.invoice_number)).map((a) => a.action)).toContain('updated');

    await dispatch(second);
    expect(descriptions(await onlyInvoice(first))).toContain('Gold 20.00');

    // Saving again replaces the lines instead of adding to them.
    const again = await act(first, {
      action: 'edit_case_items',
      case_item_options: [
        {
          description: 'Express turnaround',
          is_selected: false,
          amount: 15000,
          is_percentage: false,
          case_id: first.case_id,
        },
      ],
    });
    expect(again.statusCode).toBe(200);
    const final = await onlyInvoice(first);
    expect(descriptions(final).filter((d) => d.startsWith('Express') || d.startsWith('Loyalty'))).toEqual([]);
  });

  it("refuses a negative amount with 'Value must be an integer' and a percentage above 100, changing nothing", async () => {
    const collection = await twoCaseCollection();
    const first = caseAt(collection, 0);
    const option = { description: 'Rush', is_selected: true, is_percentage: false, case_id: first.case_id };
    for (const [amount, isPercentage, message] of [
      [-5, false, invoiceMessages.mustBeInteger],
      [12.5, false, invoiceMessages.mustBeInteger],
      [101, true, invoiceMessages.percentRange],
    ] as const) {
      const response = await act(first, {
        action: 'edit_case_items',
        case_item_options: [{ ...option, amount, is_percentage: isPercentage }],
      });
      expect(response.statusCode).toBe(400);
      expect(errorMessage(response)).toBe(message);
    }
    const blank = await act(first, {
      action: 'edit_case_items',
      case_item_options: [{ ...option, description: '  ', amount: 5 }],
    });
    expect(blank.statusCode).toBe(400);
    expect(errorMessage(blank)).toBe('Cannot be blank');
    expect(await test.db.select().from(item_options).where(eq(item_options.case_uid, first.uid))).toEqual([]);
  });

  it('answers 404 for a case of another collection', async () => {
    const mine = await twoCaseCollection();
    const other = await twoCaseCollection();
    const response = await act(caseAt(mine, 0), {
      action: 'edit_case_items',
      case_item_options: [
        {
          description: 'X',
          is_selected: true,
          amount: 100,
          is_percentage: false,
          case_id: caseAt(other, 0).case_id,
        },
      ],
    });
    expect(response.statusCode).toBe(404);
    expect(errorMessage(response)).toBe('Case not found');
  });
});

describe('invoice_purchase_order', () => {
  it('sets the PO# on the open invoice with its audit row; another collection is 404; none open is 409', async () => {
    const collection = await twoCaseCollection();
    const first = caseAt(collection, 0);
    const none = await act(first, {
      action: 'invoice_purchase_order',
      case_collection_uid: collection.uid,
      purchase_order_number: 'PO-1',
    });
    expect(none.statusCode).toBe(409);
    expect(errorMessage(none)).toBe(invoiceActionMessages.noOpenInvoice);

    await dispatch(first);
    const response = await act(first, {
      action: 'invoice_purchase_order',
      case_collection_uid: collection.uid,
      purchase_order_number: ' PO-7781 ',
    });
    expect(response.statusCode).toBe(200);
    const invoice = await onlyInvoice(first);
    expect(invoice.purchase_order_number).toBe('PO-7781');
    expect((await invoiceAudit(invoice.invoice_number)).at(-1)?.changes).toEqual({
      purchase_order_number: { old: null, new: 'PO-7781' },
    });

    const other = await twoCaseCollection();
    const wrong = await act(first, {
      action: 'invoice_purchase_order',
      case_collection_uid: other.uid,
      purchase_order_number: 'PO-9',
    });
    expect(wrong.statusCode).toBe(404);
    expect((await onlyInvoice(first)).purchase_order_number).toBe('PO-7781');
  });
});
