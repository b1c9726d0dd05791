import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  branches,
  case_audit,
  case_return_files,
  cases,
  checklist_items,
  collection_pricing_kits,
  delegation_audit,
  dispatch_cases,
  dispatches,
  implant_audit,
  kits,
  location_audit,
  machine_projects,
  machines,
  messages,
  order_forms,
  outsources,
  partners,
  pick_items,
  picking_slips,
  referrals,
  related_cases,
} from '../../db/schema/index';
import { createCollection, type CaseRow, type ClientRow, type EmployeeRow } from '../../testing/factories';
import { at, first, idOf } from './fixture-rows';

// The history part of the collection fixture: audits, order forms, alerts, checklist, picking slip,
// machine project, outsource, return file, related case, pricing kit, referral and dispatch.

export const addCollectionHistory = async (
  db: Db,
  parts: {
    collection: { uid: string };
    design: CaseRow;
    polish: CaseRow;
    implantId: number;
    client: ClientRow;
    designer: EmployeeRow;
    picker: EmployeeRow;
  },
) => {
  const { collection, design, polish, client, designer, picker } = parts;
  await db.insert(case_audit).values({
    case_uid: design.uid,
    modified_at: at('2025-03-02T00:00:00Z'),
    modified_by: 'Dana Designer',
    changed_values: { group_number: { old: null, new: 1 } },
  });
  await db.insert(delegation_audit).values({
    case_uid: design.uid,
    delegated_to_id: designer.id,
    modified_by: 'Dana Designer',
    modified_at: at('2025-03-02T01:00:00Z'),
  });
  await db.insert(implant_audit).values({
    case_uid: design.uid,
    implant_id: parts.implantId,
    action: 'UPDATED',
    modified_by: 'Dana Designer',
    modified_at: at('2025-03-02T02:00:00Z'),
    changed_values: { engaging: { old: false, new: true } },
  });
  const [melbourne] = await db.select().from(branches).where(eq(branches.name, 'Melbourne'));
  await db.insert(location_audit).values([
    {
      collection_uid: collection.uid,
      bin_location: 'A-01',
      bin_location_branch_id: melbourne?.id ?? null,
      moved_by: 'Wes Warehouse',
      moved_at: at('2025-03-01T01:00:00Z'),
    },
    {
      collection_uid: collection.uid,
      bin_location: 'B-12',
      bin_location_branch_id: melbourne?.id ?? null,
      moved_by: 'Wes Warehouse',
      moved_at: at('2025-03-02T01:00:00Z'),
    },
  ]);

  await db.insert(order_forms).values([
    {
      collection_uid: collection.uid,
      case_uid: design.uid,
      json_data: { patient: 'Nguyen, Thi' },
      created_at: at('2025-03-01T00:00:00Z'),
    },
    {
      collection_uid: collection.uid,
      case_uid: null,
      json_data: { patient: 'Nguyen, Thi', revision: 2 },
      created_at: at('2025-03-01T02:00:00Z'),
    },
  ]);
  const alert = {
    case_collection_uid: collection.uid,
    message_type: 'ALERTING_MESSAGE',
    visibility: 'STAFF',
    author_reference: 'Dana Designer',
    direction: 'STATIC',
    resolvable: true,
  };
  await db.insert(messages).values([
    { ...alert, case_uid: polish.uid, note: 'Check the shade' },
    { ...alert, case_uid: design.uid, note: 'Sorted', resolved_at: at('2025-03-03T00:00:00Z') },
  ]);
  await db
    .insert(checklist_items)
    .values({ case_uid: design.uid, name: 'Implant positions verified against scan', department: 'DESIGN' });

  const slipId = await idOf(
    db
      .insert(picking_slips)
      .values({
        case_uid: design.uid,
        requested_at: at('2025-03-04T00:00:00Z'),
        requested_by_id: designer.id,
        picked_at: at('2025-03-04T02:00:00Z'),
        picked_by_id: picker.id,
        lot_numbers: ['LOT-77'],
      })
      .returning(),
  );
  await db.insert(pick_items).values({
    picking_slip_id: slipId,
    code: 'ATT-LOC-2',
    quantity: 2,
    type: 'attachment',
    description: 'Locator Abutment 2 mm',
  });

  const machineId = await idOf(
    db
      .insert(machines)
      .values({ name: 'Mill 3', branch_id: melbourne?.id ?? 0 })
      .returning(),
  );
  const projectId = await idOf(
    db
      .insert(machine_projects)
      .values({
        name: 'Zr nest 14',
        machine_id: machineId,
        branch_id: melbourne?.id ?? 0,
        status: 'Ready',
        created_by_id: picker.id,
      })
      .returning(),
  );
  await db.update(cases).set({ machine_project_id: projectId }).where(eq(cases.uid, polish.uid));
  const [partner] = await db.select().from(partners).where(eq(partners.name, 'Dental Design Partners'));
  await db.insert(outsources).values({
    case_uid: design.uid,
    partner_id: partner?.id ?? 0,
    start: at('2025-03-03T00:00:00Z'),
    expected_return: at('2025-03-07T00:00:00Z'),
    partner_status: 'IN_PROGRESS',
  });
  await db
    .insert(case_return_files)
    .values({ case_uid: polish.uid, oft_file_name: 'abutment.zip', created_at: at('2025-03-08T00:00:00Z') });

  // A case of another collection of the same patient, linked both ways as the service writes it.
  const earlier = await createCollection(db, {
    client,
    patientReference: 'Nguyen, Thi',
    cases: [{ statusName: 'Dispatched' }],
  });
  const earlierCase = first(earlier.cases);
  await db.insert(related_cases).values([
    { case_uid: design.uid, related_case_uid: earlierCase.uid },
    { case_uid: earlierCase.uid, related_case_uid: design.uid },
  ]);

  const pricingKitId = await idOf(db.select().from(kits).where(eq(kits.code, 'PRK-AO4')));
  await db
    .insert(collection_pricing_kits)
    .values({ collection_uid: collection.uid, kit_id: pricingKitId, dentate: 'UPPER' });
  await db.insert(referrals).values({
    collection_uid: collection.uid,
    referrer_client_id: client.id,
    referree_identification: 'hello@newpractice.example.com',
    created_at: at('2025-03-01T03:00:00Z'),
  });
  const dispatchId = await idOf(
    db
      .insert(dispatches)
      .values({
        collection_uid: collection.uid,
        courier: 'StarTrack',
        tracking_reference: 'ST123',
        shipping_address: {
          address_line_1: '1 Collins Street',
          address_line_2: null,
          suburb: 'Melbourne',
          state: 'VIC',
          postcode: '3000',
          country: 'AU',
        },
        dispatched_at: at('2025-03-09T00:00:00Z'),
        dispatched_by_id: picker.id,
      })
      .returning(),
  );
  await db.insert(dispatch_cases).values({ dispatch_id: dispatchId, case_uid: polish.uid });

  return { earlierCase, projectId };
};
