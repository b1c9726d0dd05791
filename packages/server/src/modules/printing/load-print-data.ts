import { aliasedTable, and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { ShippingAddress } from '@lab/domain';
import type { Queryable } from '../../db/client';
import {
  branches,
  case_component_lines,
  cases,
  clients,
  collections,
  components,
  dispatch_cases,
  dispatches,
  implant_platforms,
  implants,
  job_types,
  material_types,
  materials,
  pick_items,
  picking_slips,
  statuses,
  users,
} from '../../db/schema/index';

// What the print documents read about a case: the case itself with its implants and parts (the latest
// picking slip's items and lot numbers, else the requested component lines), its collection and client,
// its branch, and the dispatch that sent it. A handful of statements for any number of cases.

export type PrintPart = {
  code: string;
  description: string;
  type: string;
  quantity: number;
  /** Lot numbers the warehouse recorded for this line (empty before picking). */
  lots: string[];
};

export type PrintCase = {
  uid: string;
  case_mkey: string;
  ordinal: number;
  collection_uid: string;
  job_type: string;
  job_type_id: number;
  product_class: string;
  dentate: string | null;
  status: string;
  cancelled: boolean;
  dispatched: boolean;
  group_number: number | null;
  redo_type: string | null;
  material_type: string | null;
  material: string | null;
  material_batch_number: string | null;
  warranty_void: boolean;
  added: Date;
  date_received: Date | null;
  received_by: string | null;
  internal_due: Date | null;
  customer_due: Date | null;
  date_machining_complete: Date | null;
  date_dispatched: Date | null;
  tracking_number: string | null;
  implants: { tooth: number; platform: string | null }[];
  parts: PrintPart[];
  /** The picking slip the parts come from (null: the requested component lines, nothing picked yet). */
  picking_slip: { id: number; picked_at: Date | null } | null;
};

export type PrintCollection = {
  uid: string;
  collection_id: number;
  patient_reference: string;
  vip: boolean;
  ordering_platform: string;
  bin_location: string | null;
  client: {
    name: string;
    account_number: string | null;
    email: string | null;
    address: ShippingAddress;
  };
  branch: { name: string; code: string; country: string; time_zone: string } | null;
};

export type PrintDispatch = {
  courier: string | null;
  tracking_reference: string | null;
  shipping_address: ShippingAddress;
  dispatched_at: Date;
  dispatched_by: string | null;
  case_uids: string[];
};

const fullName = (row: { first: string | null; last: string | null } | null): string | null => {
  const name = `${row?.first ?? ''} ${row?.last ?? ''}`.trim();
  return name === '' ? null : name;
};

/** The case of a case key, with what decides its bundle; null when there is none. */
export const findCaseByMkey = async (db: Queryable, caseMkey: string) => {
  const [row] = await db
    .select({
      uid: cases.uid,
      case_mkey: cases.case_mkey,
      collection_uid: cases.collection_uid,
      group_number: cases.group_number,
    })
    .from(cases)
    .where(eq(cases.case_mkey, caseMkey))
    .limit(1);
  return row ?? null;
};

/** The other cases of the case's group (same collection and group number), not cancelled, in order. */
export const findGroupCaseUids = async (
  db: Queryable,
  found: { uid: string; collection_uid: string; group_number: number | null },
): Promise<string[]> => {
  if (found.group_number === null) return [];
  const rows = await db
    .select({ uid: cases.uid })
    .from(cases)
    .where(
      and(
        eq(cases.collection_uid, found.collection_uid),
        eq(cases.group_number, found.group_number),
        eq(cases.cancelled, false),
        ne(cases.uid, found.uid),
      ),
    )
    .orderBy(asc(cases.ordinal));
  return rows.map((row) => row.uid);
};

const normalisedGroup = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .replace(/s$/, '');

/**
 * A slip's lot numbers per item: a list lines up with the items in order; a map names groups ('Screws',
 * 'Ti-Bases', …) that match the items' types.
 */
export const lotsOfItems = (lotNumbers: unknown, items: readonly { type: string }[]): string[][] => {
  if (Array.isArray(lotNumbers)) {
    const lots = lotNumbers.map(String);
    return items.map((_, index) => (lots[index] ? [lots[index]] : []));
  }
  if (lotNumbers && typeof lotNumbers === 'object') {
    const groups = Object.entries(lotNumbers as Record<string, unknown>).map(([group, lots]) => ({
      key: normalisedGroup(group),
      lots: Array.isArray(lots) ? lots.map(String) : [],
    }));
    return items.map((item) => groups.find((g) => g.key === normalisedGroup(item.type))?.lots ?? []);
  }
  return items.map(() => []);
};

const loadParts = async (db: Queryable, caseUids: string[]) => {
  const slips = await db
    .select({
      id: picking_slips.id,
      case_uid: picking_slips.case_uid,
      picked_at: picking_slips.picked_at,
      lot_numbers: picking_slips.lot_numbers,
    })
    .from(picking_slips)
    .where(inArray(picking_slips.case_uid, caseUids))
    // The newest picked slip wins; an unpicked one only when none was picked.
    .orderBy(
      asc(picking_slips.case_uid),
      sql`${picking_slips.picked_at} DESC NULLS LAST`,
      desc(picking_slips.requested_at),
    );
  const latest = new Map<string, (typeof slips)[number]>();
  for (const slip of slips) if (!latest.has(slip.case_uid)) latest.set(slip.case_uid, slip);
  const slipIds = [...latest.values()].map((slip) => slip.id);
  const items =
    slipIds.length === 0
      ? []
      : await db
          .select({
            picking_slip_id: pick_items.picking_slip_id,
            code: pick_items.code,
            description: pick_items.description,
            type: pick_items.type,
            quantity: pick_items.quantity,
          })
          .from(pick_items)
          .where(inArray(pick_items.picking_slip_id, slipIds))
          .orderBy(asc(pick_items.id));
  const lines = await db
    .select({
      case_uid: case_component_lines.case_uid,
      code: components.code,
      description: components.name,
      type: case_component_lines.kind,
      quantity: case_component_lines.quantity,
    })
    .from(case_component_lines)
    .innerJoin(components, eq(components.id, case_component_lines.component_id))
    .where(inArray(case_component_lines.case_uid, caseUids))
    .orderBy(asc(case_component_lines.id));

  const partsOf = (caseUid: string) => {
    const slip = latest.get(caseUid);
    if (!slip) {
      return {
        picking_slip: null,
        parts: lines
          .filter((line) => line.case_uid === caseUid)
          .map(({ case_uid: _, ...line }) => ({ ...line, lots: [] })),
      };
    }
    const slipItems = items.filter((item) => item.picking_slip_id === slip.id);
    const lots = lotsOfItems(slip.lot_numbers, slipItems);
    return {
      picking_slip: { id: slip.id, picked_at: slip.picked_at },
      parts: slipItems.map(({ picking_slip_id: _, ...item }, index) => ({
        ...item,
        lots: lots[index] ?? [],
      })),
    };
  };
  return partsOf;
};

/** The cases in the order asked, with implants and parts. */
export const loadPrintCases = async (db: Queryable, caseUids: string[]): Promise<PrintCase[]> => {
  if (caseUids.length === 0) return [];
  const checkIn = aliasedTable(users, 'check_in_user');
  const rows = await db
    .select({
      uid: cases.uid,
      case_mkey: cases.case_mkey,
      ordinal: cases.ordinal,
      collection_uid: cases.collection_uid,
      job_type: job_types.name,
      job_type_id: job_types.id,
      product_class: job_types.product_class,
      dentate: cases.dentate,
      status: statuses.name,
      cancelled: cases.cancelled,
      dispatched: cases.dispatched,
      group_number: cases.group_number,
      redo_type: cases.redo_type,
      material_type: material_types.name,
      material: materials.name,
      material_batch_number: cases.material_batch_number,
      warranty_void: cases.warranty_void,
      added: cases.added,
      date_received: cases.date_received,
      check_in_first: checkIn.first_name,
      check_in_last: checkIn.last_name,
      internal_due: cases.internal_due,
      customer_due: cases.customer_due,
      date_machining_complete: cases.date_machining_complete,
      date_dispatched: cases.date_dispatched,
      tracking_number: cases.tracking_number,
    })
    .from(cases)
    .innerJoin(job_types, eq(job_types.id, cases.job_type_id))
    .innerJoin(statuses, eq(statuses.id, cases.status_id))
    .leftJoin(material_types, eq(material_types.id, cases.material_type_id))
    .leftJoin(materials, eq(materials.id, cases.material_id))
    .leftJoin(checkIn, eq(checkIn.id, cases.check_in_user_id))
    .where(inArray(cases.uid, caseUids));
  const implantRows = await db
    .select({ case_uid: implants.case_uid, tooth: implants.tooth, platform: implant_platforms.name })
    .from(implants)
    .leftJoin(implant_platforms, eq(implant_platforms.id, implants.platform_id))
    .where(and(inArray(implants.case_uid, caseUids), isNull(implants.deleted_at)))
    .orderBy(asc(implants.tooth));
  const partsOf = await loadParts(db, caseUids);

  const byUid = new Map(rows.map((row) => [row.uid, row]));
  return caseUids.flatMap((uid) => {
    const row = byUid.get(uid);
    if (!row) return [];
    const { check_in_first, check_in_last, ...rest } = row;
    return [
      {
        ...rest,
        received_by: fullName({ first: check_in_first, last: check_in_last }),
        implants: implantRows
          .filter((implant) => implant.case_uid === uid)
          .map(({ tooth, platform }) => ({ tooth, platform })),
        ...partsOf(uid),
      },
    ];
  });
};

export const loadPrintCollection = async (db: Queryable, uid: string): Promise<PrintCollection | null> => {
  const [row] = await db
    .select({
      uid: collections.uid,
      collection_id: collections.collection_id,
      patient_reference: collections.patient_reference,
      vip: collections.vip,
      ordering_platform: collections.ordering_platform,
      bin_location: collections.bin_location,
      client_name: clients.name,
      account_number: clients.account_number,
      email: clients.email,
      address_line_1: clients.address_line_1,
      address_line_2: clients.address_line_2,
      suburb: clients.suburb,
      state: clients.state,
      postcode: clients.postcode,
      country: clients.country,
      branch_name: branches.name,
      branch_code: branches.code,
      branch_country: branches.country,
      time_zone: branches.time_zone,
    })
    .from(collections)
    .innerJoin(clients, eq(clients.id, collections.shipping_client_id))
    .leftJoin(branches, eq(branches.id, collections.fulfillment_branch_id))
    .where(eq(collections.uid, uid))
    .limit(1);
  if (!row) return null;
  return {
    uid: row.uid,
    collection_id: row.collection_id,
    patient_reference: row.patient_reference,
    vip: row.vip,
    ordering_platform: row.ordering_platform,
    bin_location: row.bin_location,
    client: {
      name: row.client_name,
      account_number: row.account_number,
      email: row.email,
      address: {
        address_line_1: row.address_line_1,
        address_line_2: row.address_line_2,
        suburb: row.suburb,
        state: row.state,
        postcode: row.postcode,
        country: row.country,
      },
    },
    branch:
      row.branch_name && row.branch_code && row.branch_country && row.time_zone
        ? {
            name: row.branch_name,
            code: row.branch_code,
            country: row.branch_country,
            time_zone: row.time_zone,
          }
        : null,
  };
};

/** The newest dispatch that sent the case, with every case it sent; null while the case is not sent. */
export const findCaseDispatch = async (db: Queryable, caseUid: string): Promise<PrintDispatch | null> => {
  const [row] = await db
    .select({
      id: dispatches.id,
      courier: dispatches.courier,
      tracking_reference: dispatches.tracking_reference,
      shipping_address: dispatches.shipping_address,
      dispatched_at: dispatches.dispatched_at,
      first: users.first_name,
      last: users.last_name,
    })
    .from(dispatch_cases)
    .innerJoin(dispatches, eq(dispatches.id, dispatch_cases.dispatch_id))
    .leftJoin(users, eq(users.id, dispatches.dispatched_by_id))
    .where(eq(dispatch_cases.case_uid, caseUid))
    .orderBy(desc(dispatches.dispatched_at))
    .limit(1);
  if (!row) return null;
  const sent = await db
    .select({ case_uid: dispatch_cases.case_uid })
    .from(dispatch_cases)
    .innerJoin(cases, eq(cases.uid, dispatch_cases.case_uid))
    .where(eq(dispatch_cases.dispatch_id, row.id))
    .orderBy(asc(cases.ordinal));
  return {
    courier: row.courier,
    tracking_reference: row.tracking_reference,
    shipping_address: row.shipping_address as ShippingAddress,
    dispatched_at: row.dispatched_at,
    dispatched_by: fullName(row),
    case_uids: sent.map((s) => s.case_uid),
  };
};
