import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionCaseSchema } from '@lab/domain';
import {
  branches,
  clients,
  job_types,
  kits,
  machine_projects,
  material_types,
  materials,
} from '../../db/schema/index';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createCollection, createEmployee, type CaseRow, type EmployeeRow } from '../../testing/factories';
import {
  caseAuditOf,
  createCaseCalls,
  delegationAuditOf,
  fieldsOf,
  firstId,
  loadCase,
  statusId,
} from './cases-test-kit';

// edit_case (status flow, validation, materials, gauges, delegation) and the finishing status selector.

let test: TestApp;
let staff: SignedInUser;
let calls: ReturnType<typeof createCaseCalls>;
let designer: EmployeeRow;
let machinist: EmployeeRow;
let allRounder: EmployeeRow;
let projectId: number;
let moving: CaseRow;
let milled: CaseRow;
let ordered: CaseRow;
let details: CaseRow;
let lab: CaseRow[];

beforeAll(async () => {
  test = await createTestApp();
  staff = await signInAs(test, { department: 'DESIGN' });
  calls = createCaseCalls(test, staff);
  designer = await createEmployee(test.db, { department: 'DESIGN', firstName: 'Dana', lastName: 'Designer' });
  machinist = await createEmployee(test.db, { department: 'MACHINING', firstName: 'Max', lastName: 'Mill' });
  allRounder = await createEmployee(test.db, { department: 'ADMIN', allDepartments: true });
  const branchId = await firstId(
    test.db.select({ id: branches.id }).from(branches).where(eq(branches.name, 'Melbourne')),
    'branch',
  );
  projectId = await firstId(
    test.db
      .insert(machine_projects)
      .values({ name: 'Nest 42', branch_id: branchId, status: 'Pending' })
      .returning({ id: machine_projects.id }),
    'project',
  );
  const main = await createCollection(test.db, {
    cases: [
      { statusName: 'Design In Progress', delegatedToId: designer.id },
      { statusName: 'Machining', fields: { machine_project_id: projectId } },
      { statusName: 'Ordered' },
      {},
    ],
  });
  [moving, milled, ordered, details] = main.cases as [CaseRow, CaseRow, CaseRow, CaseRow];
  const grouped = await createCollection(test.db, {
    cases: ['Polishing', 'Quality Control', 'Design In Progress', 'Dispatched', 'Cancelled'].map(
      (statusName) => ({ statusName, groupNumber: 5 }),
    ),
  });
  lab = grouped.cases;
});
afterAll(() => test.close());

const editCase = (row: CaseRow, edit: object, extra: object = {}) =>
  calls.act(row.case_id, { action: 'edit_case', case: edit, ...extra });

describe('edit_case: status', () => {
  it('derives flags and department, stamps design complete and clears the delegate', async () => {
    const response = await editCase(moving, { status_id: await statusId(test, 'Programming') });
    expect(response.statusCode).toBe(200);
    const presented = collectionCaseSchema.parse(response.json());
    expect(presented).toMatchObject({
      status: 'Programming',
      ordered: false,
      in_design: false,
      in_production: true,
      in_lab: false,
      dispatched: false,
      cancelled: false,
      department: 'MACHINING',
      delegated_to_id: null,
    });
    expect(presented.design_user).toMatch(/^Test User/);
    expect(presented.date_design_complete).not.toBeNull();
    expect(presented.internal_due).not.toBeNull();
    expect(await delegationAuditOf(test, moving.uid)).toEqual([
      { delegated_to_id: null, modified_by: staff.username },
    ]);
    expect((await caseAuditOf(test, moving.uid))[0]?.changed_values).toEqual({
      status: { old: 'Design In Progress', new: 'Programming' },
      department: { old: 'DESIGN', new: 'MACHINING' },
      date_design_complete: { old: null, new: presented.date_design_complete },
      delegated_to: { old: 'Dana Designer', new: null },
    });
  });

  it('takes a delegate chosen with the status and stamps nothing when going back', async () => {
    const before = await loadCase(test, moving.uid);
    const response = await editCase(moving, {
      status_id: await statusId(test, 'Design In Progress'),
      delegated_to_id: designer.id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      in_design: true,
      department: 'DESIGN',
      delegated_to: 'Dana Designer',
    });
    const after = await loadCase(test, moving.uid);
    expect(after.date_design_complete).toEqual(before.date_design_complete);
    expect(after.date_machining_complete).toBeNull();
  });

  it('asks to confirm leaving production while the machine project runs, then removes the case', async () => {
    const polishing = await statusId(test, 'Polishing');
    const refused = await editCase(milled, { status_id: polishing });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: {
        code: 'machine_project_active',
        message: 'This case will be removed from production. Are you sure?',
      },
    });
    expect((await loadCase(test, milled.uid)).machine_project_id).toBe(projectId);
    expect(await caseAuditOf(test, milled.uid)).toEqual([]);

    const forced = await editCase(milled, { status_id: polishing }, { forceUpdateStatus: true });
    expect(forced.statusCode).toBe(200);
    expect(forced.json()).toMatchObject({ machine_project: null, in_lab: true, department: 'POLISHING' });
    const stored = await loadCase(test, milled.uid);
    expect(stored.date_machining_complete).not.toBeNull();
    expect((await caseAuditOf(test, milled.uid))[0]?.changed_values).toMatchObject({
      machine_project: { old: 'Nest 42', new: null },
    });
  });
});

describe('edit_case: validation', () => {
  it('answers 400 with every field to fix and changes nothing', async () => {
    const response = await editCase(details, {
      job_type_id: null,
      status_id: 999_999,
      scan_gauge_kit_id: 0,
      scan_gauge_name: '  ',
      material_id: 999_999,
    });
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toBe('Cannot be blank');
    expect(fieldsOf(response)).toEqual({
      'case.job_type_id': 'Cannot be blank',
      'case.status_id': 'Unknown status',
      'case.scan_gauge_name': 'Cannot be blank',
      'case.material_id': 'Unknown material',
    });
    expect(await loadCase(test, details.uid)).toEqual(details);
  });

  it('refuses delegation outside design, production and lab, and a delegate of another department', async () => {
    const notYet = await editCase(ordered, { delegated_to_id: designer.id });
    expect(notYet.statusCode).toBe(400);
    expect(fieldsOf(notYet)).toEqual({
      'case.delegated_to_id': 'Cases can only be delegated in design, production or lab',
    });
    const wrong = await editCase(details, { delegated_to_id: machinist.id });
    expect(wrong.statusCode).toBe(400);
    expect(errorMessage(wrong)).toBe("Choose an employee of the case's department");
    const everyDepartment = await editCase(details, { delegated_to_id: allRounder.id });
    expect(everyDepartment.statusCode).toBe(200);
    expect(await delegationAuditOf(test, details.uid)).toEqual([
      { delegated_to_id: allRounder.id, modified_by: staff.username },
    ]);
  });
});

describe('edit_case: details', () => {
  const materialNamed = async (name: string) => {
    const [row] = await test.db.select().from(materials).where(eq(materials.name, name));
    if (!row) throw new Error(`no material ${name}`);
    return row;
  };
  const typeNamed = (name: string) =>
    firstId(
      test.db.select({ id: material_types.id }).from(material_types).where(eq(material_types.name, name)),
      name,
    );

  it('sets the type from a chosen material and clears a material of another type', async () => {
    const katana = await materialNamed('Katana UTML');
    const chosen = await editCase(details, { material_type_id: null, material_id: katana.id });
    expect(chosen.json()).toMatchObject({ material: 'Katana UTML', material_type: 'Zirconia' });
    const titanium = await typeNamed('Titanium');
    const mismatch = await editCase(details, { material_type_id: titanium, material_id: katana.id });
    expect(mismatch.statusCode).toBe(400);
    expect(fieldsOf(mismatch)).toEqual({
      'case.material_id': 'The material is not of the chosen material type',
    });
    const retyped = await editCase(details, { material_type_id: titanium });
    expect(retyped.json()).toMatchObject({ material_type: 'Titanium', material_id: null });
    expect((await caseAuditOf(test, details.uid)).at(-1)?.changed_values).toEqual({
      material_type: { old: 'Zirconia', new: 'Titanium' },
      material: { old: 'Katana UTML', new: null },
    });
  });

  it("stores 'none matches' with the Scan Gauge ID, a kit, client kits, job type, dentate and batch", async () => {
    const none = await editCase(details, { scan_gauge_kit_id: 0, scan_gauge_name: 'SG-123' });
    expect(none.json()).toMatchObject({ scan_gauge_kit_id: 0, scan_gauge_name: 'SG-123' });
    const [scanKit] = await test.db.select().from(kits).where(eq(kits.kind, 'SCAN_GAUGE')).limit(1);
    const [clientKit] = await test.db.select().from(kits).where(eq(kits.kind, 'CLIENT_GAUGE')).limit(1);
    const [designOnly] = await test.db.select().from(job_types).where(eq(job_types.name, 'Design Only'));
    const response = await editCase(details, {
      scan_gauge_kit_id: scanKit?.id,
      scan_gauge_name: 'SG-123',
      client_gauge_kits: [{ gauge_kit_id: clientKit?.id }],
      job_type_id: designOnly?.id,
      dentate: 'LOWER',
      material_batch_number: ' B-7 ',
      material_thickness: 1.5,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      scan_gauge_kit_id: scanKit?.id,
      scan_gauge_name: null,
      client_gauge_kits: [{ gauge_kit_id: clientKit?.id }],
      job_type: 'Design Only',
      virtual_product: true,
      dentate: 'LOWER',
      material_batch_number: 'B-7',
      material_thickness: 1.5,
    });
    const unknownKit = await editCase(details, { client_gauge_kits: [{ gauge_kit_id: 999_999 }] });
    expect(fieldsOf(unknownKit)).toEqual({ 'case.client_gauge_kits': 'Unknown kit' });
  });
});

describe('POST /api/v2/finishing/:case_id/', () => {
  const [polishing, qc, design, dispatched, cancelled] = [0, 1, 2, 3, 4];
  const statusOf = async (index: number) => (await loadCase(test, lab[index]?.uid ?? '')).status_id;

  it('answers 409 outside the lab and 400 for a status that is not a finishing one', async () => {
    const outside = await calls.finish(lab[design]?.case_id ?? 0, {
      action: 'change_status',
      status_id: await statusId(test, 'Quality Control'),
    });
    expect(outside.statusCode).toBe(409);
    expect(errorMessage(outside)).toBe('The case is not in the lab');
    const notFinishing = await calls.finish(lab[polishing]?.case_id ?? 0, {
      action: 'change_status',
      status_id: await statusId(test, 'Machining'),
    });
    expect(notFinishing.statusCode).toBe(400);
    expect(fieldsOf(notFinishing)).toEqual({ status_id: 'The status is not a finishing status' });
    const badAction = await calls.finish(lab[polishing]?.case_id ?? 0, { action: 'other', status_id: 1 });
    expect(badAction.statusCode).toBe(400);
    expect(errorMessage(badAction)).toBe('Invalid action');
  });

  it('moves only the case without grouped', async () => {
    const ready = await statusId(test, 'Ready for Dispatch');
    const response = await calls.finish(lab[polishing]?.case_id ?? 0, {
      action: 'change_status',
      status_id: ready,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'Ready for Dispatch', in_lab: true });
    expect(await statusOf(qc)).toBe(await statusId(test, 'Quality Control'));
  });

  it("grouped with a dispatch-ready status moves the group's other active cases", async () => {
    const ready = await statusId(test, 'Ready for Dispatch');
    const response = await calls.finish(lab[qc]?.case_id ?? 0, {
      action: 'change_status',
      status_id: ready,
      grouped: true,
    });
    expect(response.statusCode).toBe(200);
    expect(await statusOf(qc)).toBe(ready);
    const fromDesign = await loadCase(test, lab[design]?.uid ?? '');
    expect(fromDesign).toMatchObject({
      status_id: ready,
      in_lab: true,
      in_design: false,
      department: 'POLISHING',
    });
    expect(await statusOf(dispatched)).toBe(await statusId(test, 'Dispatched'));
    expect(await statusOf(cancelled)).toBe(await statusId(test, 'Cancelled'));
    expect((await caseAuditOf(test, lab[design]?.uid ?? '')).map((r) => r.changed_values)).toEqual([
      expect.objectContaining({ status: { old: 'Design In Progress', new: 'Ready for Dispatch' } }),
    ]);
  });
});

describe('concurrent writes in one collection', () => {
  // On PostgreSQL these run at once; every write locks the collection before its cases, so they queue
  // instead of deadlocking (which answered 500 to one of them).
  it('grouped finishing from two cases and branch changes all succeed', async () => {
    const ready = await statusId(test, 'Ready for Dispatch');
    const branchId = (name: string) =>
      firstId(test.db.select({ id: branches.id }).from(branches).where(eq(branches.name, name)), name);
    const branchIds = [await branchId('Sydney'), await branchId('Melbourne')];
    for (let round = 0; round < 3; round += 1) {
      const group = await createCollection(test.db, {
        cases: Array.from({ length: 4 }, () => ({ statusName: 'Polishing', groupNumber: 1 })),
      });
      const clientUid = await test.db
        .select({ uid: clients.uid })
        .from(clients)
        .where(eq(clients.id, group.shipping_client_id))
        .then((rows) => rows[0]?.uid);
      // The order's details are the front office's (domain permission table).
      const frontOffice = await signInAs(test, { department: 'SUPPORT' });
      const finish = (row: CaseRow | undefined) =>
        calls.finish(row?.case_id ?? 0, { action: 'change_status', status_id: ready, grouped: true });
      const moveTo = (fulfillmentBranchId: number | undefined) =>
        test.app.inject({
          method: 'PATCH',
          url: `/api/v2/collection/${group.uid}/`,
          headers: frontOffice.headers,
          payload: {
            patient_reference: 'Concurrent, Casey',
            ordering_platform: 'oep',
            fulfillment_branch_id: fulfillmentBranchId,
            shipping_client_uid: clientUid,
          },
        });
      const responses = await Promise.all([
        finish(group.cases[0]),
        moveTo(branchIds[0]),
        finish(group.cases[3]),
        moveTo(branchIds[1]),
      ]);
      expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    }
  });
});
