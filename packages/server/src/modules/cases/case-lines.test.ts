import { and, asc, eq, isNull, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionCaseSchema } from '@lab/domain';
import { checklist_templates, components, implant_audit } from '../../db/schema/index';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import {
  createCollection,
  createImplant,
  findImplants,
  type CaseRow,
  type CreatedCollection,
} from '../../testing/factories';
import { caseAuditOf, createCaseCalls, fieldsOf } from './cases-test-kit';

// edit_component, picking_slip, clone_implants and redo_case through the real app.

let test: TestApp;
let staff: SignedInUser;
let calls: ReturnType<typeof createCaseCalls>;
let collection: CreatedCollection;
let source: CaseRow;
let target: CaseRow;
let lines: CaseRow;
let elsewhere: CaseRow;
let parts: { attachment: number; otherAttachment: number; analog: number };

const componentOfKind = async (kind: string, offset = 0) => {
  const rows = await test.db
    .select({ id: components.id, code: components.code })
    .from(components)
    .where(eq(components.kind, kind))
    .orderBy(asc(components.id));
  const row = rows[offset];
  if (!row) throw new Error(`no ${kind}`);
  return row;
};

beforeAll(async () => {
  test = await createTestApp();
  staff = await signInAs(test, { department: 'DESIGN' });
  calls = createCaseCalls(test, staff);
  collection = await createCollection(test.db, {
    cases: [{ dentate: 'UPPER', statusName: 'Design In Progress' }, {}, {}],
  });
  [source, target, lines] = collection.cases as [CaseRow, CaseRow, CaseRow];
  await createImplant(test.db, source.uid, { tooth: 11 });
  await createImplant(test.db, source.uid, { tooth: 12, biaxial: true });
  await createImplant(test.db, source.uid, { tooth: 13, platformName: null });
  await createImplant(test.db, target.uid, { tooth: 21 });
  await createImplant(test.db, lines.uid, { tooth: 14 });
  await createImplant(test.db, lines.uid, { tooth: 15 });
  [elsewhere] = (await createCollection(test.db)).cases as [CaseRow];
  parts = {
    attachment: (await componentOfKind('attachment')).id,
    otherAttachment: (await componentOfKind('attachment', 1)).id,
    analog: (await componentOfKind('analog')).id,
  };
});
afterAll(() => test.close());

const editComponent = (row: CaseRow, edit: object) =>
  calls.act(row.case_id, { action: 'edit_component', case: edit });

describe('edit_component', () => {
  it('answers 400 with the spec messages for a line without a part or quantity', async () => {
    for (const [line, field, message] of [
      [
        { component_id: null, quantity: 1 },
        'case.attachments.0.component_id',
        'Attachment type must be selected',
      ],
      [
        { component_id: parts.attachment, quantity: 0 },
        'case.attachments.0.quantity',
        'Quantity is required',
      ],
      [{ component_id: parts.attachment }, 'case.attachments.0.quantity', 'Quantity is required'],
      [{ component_id: parts.analog, quantity: 1 }, 'case.attachments.0.component_id', 'Unknown component'],
    ] as const) {
      const response = await editComponent(lines, { attachments: [line] });
      expect(response.statusCode, JSON.stringify(line)).toBe(400);
      expect(errorMessage(response)).toBe(message);
      expect(fieldsOf(response)).toEqual({ [field]: message });
    }
    expect(await caseAuditOf(test, lines.uid)).toEqual([]);
  });

  it('saves the lists sent and leaves the others alone', async () => {
    const response = await editComponent(lines, {
      attachments: [{ component_id: parts.attachment, quantity: 2 }],
      analogs: [{ component_id: parts.analog, quantity: 1 }],
    });
    expect(response.statusCode).toBe(200);
    const presented = collectionCaseSchema.parse(response.json());
    expect(presented.attachments.map((l) => [l.component_id, l.quantity])).toEqual([[parts.attachment, 2]]);
    expect(presented.analogs.map((l) => [l.component_id, l.quantity])).toEqual([[parts.analog, 1]]);
    const [audit] = await caseAuditOf(test, lines.uid);
    expect(Object.keys(audit?.changed_values as object).sort()).toEqual(['analogs', 'attachments']);

    const generic = await editComponent(lines, { generic_components: [] });
    expect(generic.statusCode).toBe(200);
    expect(generic.json()).toMatchObject({ attachments: presented.attachments });
    expect(await caseAuditOf(test, lines.uid)).toHaveLength(1);
  });

  it('keeps a disabled part already on the case but refuses choosing it anew', async () => {
    await test.db
      .update(components)
      .set({ is_disabled: true })
      .where(eq(components.id, parts.otherAttachment));
    const refused = await editComponent(target, {
      attachments: [{ component_id: parts.otherAttachment, quantity: 1 }],
    });
    expect(refused.statusCode).toBe(400);
    expect(errorMessage(refused)).toBe('This component is no longer available');
    await test.db.update(components).set({ is_disabled: true }).where(eq(components.id, parts.attachment));
    const kept = await editComponent(lines, {
      attachments: [{ component_id: parts.attachment, quantity: 3 }],
    });
    expect(kept.statusCode).toBe(200);
    await test.db.update(components).set({ is_disabled: false }).where(eq(components.id, parts.attachment));
  });
});

describe('picking_slip', () => {
  it("requests a slip of the component lines and the implants' screws and ti-bases", async () => {
    const response = await calls.act(lines.case_id, { action: 'picking_slip' });
    expect(response.statusCode).toBe(200);
    const [slip] = collectionCaseSchema.parse(response.json()).picking_slips;
    expect(slip).toMatchObject({
      picked_at: null,
      lot_numbers: null,
      requested_by: expect.stringMatching(/^Test User/) as string,
    });
    expect(slip?.pick_items.map((i) => [i.type, i.code, i.quantity])).toEqual([
      ['attachment', (await componentOfKind('attachment')).code, 3],
      ['analog', (await componentOfKind('analog')).code, 1],
      ['screw', 'SCR-NB-CCRP', 2],
      ['tibase', 'TIB-NB-CCRP', 2],
    ]);
    expect((await caseAuditOf(test, lines.uid)).at(-1)?.changed_values).toEqual({
      picking_slip: { old: null, new: slip?.id },
    });
  });
});

describe('clone_implants', () => {
  it('refuses the same case and cases of other collections', async () => {
    for (const [targetCaseId, message] of [
      [target.case_id, 'Choose another component to clone from'],
      [elsewhere.case_id, 'The component is not in this collection'],
      [999_999, 'The component is not in this collection'],
    ] as const) {
      const response = await calls.act(target.case_id, {
        action: 'clone_implants',
        target_case_id: targetCaseId,
      });
      expect(response.statusCode).toBe(400);
      expect(fieldsOf(response)).toEqual({ target_case_id: message });
    }
    expect((await findImplants(test.db, target.uid)).map((i) => i.tooth)).toEqual([21]);
  });

  it("replaces the implants with copies of the other component's, with implant audit", async () => {
    const response = await calls.act(target.case_id, {
      action: 'clone_implants',
      target_case_id: source.case_id,
    });
    expect(response.statusCode).toBe(200);
    const presented = collectionCaseSchema.parse(response.json());
    expect(presented.implants.map((i) => [i.tooth, i.platform, i.biaxial])).toEqual([
      [11, 'Nobel Biocare CC RP', false],
      [12, 'Nobel Biocare CC RP', true],
      [13, null, false],
    ]);
    const audit = await test.db
      .select({ action: implant_audit.action })
      .from(implant_audit)
      .where(eq(implant_audit.case_uid, target.uid))
      .orderBy(asc(implant_audit.id));
    expect(audit.map((a) => a.action)).toEqual(['DELETED', 'CREATED', 'CREATED', 'CREATED']);
    expect((await caseAuditOf(test, target.uid)).at(-1)?.changed_values).toEqual({
      implants_cloned_from: { old: null, new: source.case_mkey },
      implants: {
        old: ['21 Nobel Biocare CC RP'],
        new: ['11 Nobel Biocare CC RP', '12 Nobel Biocare CC RP', '13 Pontic'],
      },
    });
    expect(await findImplants(test.db, source.uid)).toHaveLength(3);
  });
});

describe('redo_case', () => {
  it('answers 400 Must be selected for a missing choice and Cannot be blank for a discount without amount', async () => {
    const empty = await calls.act(source.case_id, { action: 'redo_case', redo: {} });
    expect(empty.statusCode).toBe(400);
    expect(fieldsOf(empty)).toEqual({
      'redo.redo': 'Must be selected',
      'redo.redo_reason': 'Must be selected',
      'redo.redo_charge': 'Must be selected',
    });
    const discount = await calls.act(source.case_id, {
      action: 'redo_case',
      redo: { redo: 'internal', redo_reason: 'des', redo_charge: 'discount' },
    });
    expect(fieldsOf(discount)).toEqual({ 'redo.redo_discount_amount': 'Cannot be blank' });
  });

  it('creates the redo in the same collection, linked to the original, and answers it', async () => {
    const response = await calls.act(source.case_id, {
      action: 'redo_case',
      redo: { redo: 'external', redo_reason: 'cli', redo_charge: 'discount', redo_discount_amount: 20 },
    });
    expect(response.statusCode).toBe(200);
    const redo = collectionCaseSchema.parse(response.json());
    expect(redo).toMatchObject({
      case_mkey: `${collection.collection_id}-04`,
      redo: 'external',
      redo_of_case_uid: source.uid,
      redo_reason: 'cli',
      redo_charge: 'discount',
      redo_discount_amount: 20,
      status: 'Awaiting Status Allocation',
      in_design: true,
      department: 'DESIGN',
      job_type_id: source.job_type_id,
      dentate: 'UPPER',
    });
    expect(redo.implants.map((i) => i.tooth)).toEqual([11, 12, 13]);
    expect(redo.internal_due).not.toBeNull();
    expect((await caseAuditOf(test, redo.uid))[0]?.changed_values).toMatchObject({
      created: { old: null, new: redo.case_mkey },
      redo_of: { old: null, new: source.case_mkey },
    });
    expect((await caseAuditOf(test, source.uid)).at(-1)?.changed_values).toEqual({
      redone_by: { old: null, new: redo.case_mkey },
    });
    const created = await test.db
      .select()
      .from(implant_audit)
      .where(and(eq(implant_audit.case_uid, redo.uid), eq(implant_audit.action, 'CREATED')));
    expect(created).toHaveLength(3);
    // Made again, so checked again: the job type's quality-control steps, as Add Component gives them.
    const templates = await test.db
      .select({ department: checklist_templates.department })
      .from(checklist_templates)
      .where(
        and(
          eq(checklist_templates.is_active, true),
          or(
            isNull(checklist_templates.job_type_id),
            eq(checklist_templates.job_type_id, source.job_type_id),
          ),
        ),
      )
      .orderBy(asc(checklist_templates.sort), asc(checklist_templates.id));
    expect(templates.length).toBeGreaterThan(0);
    expect(redo.checklist_items.map((i) => i.department)).toEqual(templates.map((t) => t.department));
  });
});
