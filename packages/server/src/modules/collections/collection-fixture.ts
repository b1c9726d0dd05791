import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  approval_files,
  approvals,
  case_client_gauge_kits,
  case_component_lines,
  communications,
  components,
  files,
  kits,
  materials,
  pick_items,
  picking_slips,
} from '../../db/schema/index';
import {
  createCase,
  createClient,
  createCollection,
  createEmployee,
  createImplant,
} from '../../testing/factories';
import { addCollectionHistory } from './collection-history-fixture';
import { at, first, idOf, storedFile } from './fixture-rows';

// Test data for the collection tests: one collection with a row in every table the collection load
// reads. Rows without a factory are inserted directly. Times are fixed so tests assert exact values.

export const createCollectionFixture = async (db: Db) => {
  const designer = await createEmployee(db, {
    firstName: 'Dana',
    lastName: 'Designer',
    department: 'DESIGN',
  });
  const picker = await createEmployee(db, {
    firstName: 'Wes',
    lastName: 'Warehouse',
    department: 'WAREHOUSE',
  });
  const client = await createClient(db, {
    name: 'Bright Smile Dental',
    country: 'AU',
    accountNumber: 'BS-001',
  });
  const payer = await createClient(db, { name: 'Smile Group Accounts', country: 'AU' });
  const [zirconia] = await db.select().from(materials).where(eq(materials.name, 'Katana UTML'));
  const scanKitId = await idOf(db.select().from(kits).where(eq(kits.code, 'SGK-NB-CC4')));
  const collection = await createCollection(db, {
    client,
    billingClient: payer,
    patientReference: 'Nguyen, Thi',
    vip: true,
    binLocation: 'B-12',
    orderStage: 'In Design',
    added: at('2025-03-01T00:00:00Z'),
    cases: [
      {
        statusName: 'Design In Progress',
        dentate: 'UPPER',
        groupNumber: 1,
        delegatedToId: designer.id,
        added: at('2025-03-01T00:00:00Z'),
        fields: {
          material_type_id: zirconia?.material_type_id ?? null,
          material_id: zirconia?.id ?? null,
          material_thickness: '1.50',
          scan_gauge_kit_id: scanKitId,
          design_user_id: designer.id,
          date_promised: at('2025-03-20T06:00:00Z'),
          automation_results: [{ type: 'nexus_connect', payload: { nc_session_id: 'nc-1' } }],
        },
      },
      {
        statusName: 'Polishing',
        jobTypeName: 'Custom Abutment',
        dentate: 'LOWER',
        groupNumber: 1,
        fields: {
          redo_type: 'internal',
          redo_reason: 'des',
          redo_charge: 'discount',
          redo_discount_amount: '25.00',
        },
      },
    ],
  });
  const [design, polish] = collection.cases;
  if (!design || !polish) throw new Error('fixture: cases were not created');

  const implant11 = await createImplant(db, design.uid, { tooth: 11 });
  await createImplant(db, design.uid, { tooth: 12, platformName: null });
  await createImplant(db, polish.uid, { tooth: 36, biaxial: true });

  const attachmentId = await idOf(db.select().from(components).where(eq(components.code, 'ATT-LOC-2')));
  await db
    .insert(case_component_lines)
    .values({ case_uid: design.uid, kind: 'attachment', component_id: attachmentId, quantity: 2 });
  const clientKitId = await idOf(db.select().from(kits).where(eq(kits.code, 'CGK-BOX-01')));
  await db.insert(case_client_gauge_kits).values({ case_uid: design.uid, kit_id: clientKitId });

  // Files: a live order file, a deleted one, and an original hidden by its live blurred copy.
  await db.insert(files).values(storedFile(design, 'upper-scan.stl', 'order_file'));
  await db
    .insert(files)
    .values(storedFile(design, 'old-scan.stl', 'order_file', { deleted_at: at('2025-03-04T00:00:00Z') }));
  const photoId = await idOf(
    db
      .insert(files)
      .values(storedFile(design, 'face.jpg', 'internal_file'))
      .returning(),
  );
  await db
    .insert(files)
    .values(storedFile(design, 'face-blurred.jpg', 'internal_file', { blurred_from_file_id: photoId }));
  const approvalFileId = await idOf(
    db
      .insert(files)
      .values(storedFile(design, 'design.png', 'approval_file'))
      .returning(),
  );

  const approval = first(
    await db
      .insert(approvals)
      .values({
        case_uid: design.uid,
        approval_type: 'DESIGN_APPROVAL',
        created_by_id: designer.id,
        created_at: at('2025-03-05T00:00:00Z'),
        approval_due_at: at('2025-03-06T00:00:00Z'),
      })
      .returning(),
  );
  await db
    .insert(approval_files)
    .values({ approval_uid: approval.uid, file_id: approvalFileId, filename: 'design.png' });
  const approvalMail = {
    communication_provider: 'EMAIL',
    case_collection_uid: collection.uid,
    case_uid: design.uid,
    approval_uid: approval.uid,
    recipient: 'reception@brightsmile.example.com',
  };
  await db.insert(communications).values([
    { ...approvalMail, communication_type: 'APPROVAL_REMINDER', created_at: at('2025-03-06T00:01:00Z') },
    { ...approvalMail, communication_type: 'APPROVAL_REQUEST', created_at: at('2025-03-05T00:01:00Z') },
    // A push to the client's app is not an e-mail.
    {
      ...approvalMail,
      communication_type: 'APPROVAL_REQUEST',
      communication_provider: 'FCM',
      created_at: at('2025-03-05T00:02:00Z'),
    },
  ]);

  const { earlierCase, projectId } = await addCollectionHistory(db, {
    collection,
    design,
    polish,
    implantId: implant11.id,
    client,
    designer,
    picker,
  });
  return { collection, design, polish, earlierCase, designer, picker, client, payer, approval, projectId };
};

/** A collection of `count` cases, each with an implant, a component line, a file and an approval. */
export const createCollectionWithCases = async (db: Db, count: number, projectId: number) => {
  const collection = await createCollection(db, { cases: [] });
  const genericId = await idOf(db.select().from(components).where(eq(components.code, 'SB-ELOS-1B')));
  for (let i = 0; i < count; i += 1) {
    const row = await createCase(db, collection, {
      groupNumber: 1,
      fields: { machine_project_id: projectId },
    });
    await createImplant(db, row.uid, { tooth: 21 + i });
    await db
      .insert(case_component_lines)
      .values({ case_uid: row.uid, kind: 'generic', component_id: genericId });
    await db.insert(files).values(storedFile(row, `scan-${i}.stl`, 'order_file'));
    const approval = first(
      await db
        .insert(approvals)
        .values({
          case_uid: row.uid,
          approval_type: 'TRY_IN_APPROVAL',
          approval_due_at: at('2025-04-01T00:00:00Z'),
        })
        .returning(),
    );
    await db.insert(communications).values({
      communication_type: 'APPROVAL_REQUEST',
      communication_provider: 'EMAIL',
      case_uid: row.uid,
      approval_uid: approval.uid,
      recipient: 'x@example.com',
    });
    const slipId = await idOf(db.insert(picking_slips).values({ case_uid: row.uid }).returning());
    await db
      .insert(pick_items)
      .values({ picking_slip_id: slipId, code: 'SB-ELOS-1B', quantity: 1, type: 'generic' });
  }
  return collection;
};
