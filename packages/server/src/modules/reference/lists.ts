import { asc, eq, sql } from 'drizzle-orm';
import type {
  ApprovalType,
  Branch,
  Department,
  Employee,
  JobType,
  Kit,
  Material,
  MaterialType,
  MessageType,
  OrderStage,
  Partner,
  Status,
} from '@lab/domain';
import { statusParents } from '@lab/domain';
import type { Queryable } from '../../db/client';
import {
  approval_types,
  branches,
  job_types,
  kits,
  material_types,
  materials,
  message_types,
  order_stages,
  partners,
  statuses,
  users,
} from '../../db/schema/index';

// The reference lists the screens load once at start. Rows come back in the order the screens show
// them; the response schemas of the routes narrow the text columns to their closed vocabularies.

const parentOrder = sql.raw(`ARRAY[${statusParents.map((p) => `'${p}'`).join(',')}]::text[]`);

const statusColumns = {
  id: statuses.id,
  name: statuses.name,
  parent_name: statuses.parent_name,
  description: statuses.description,
  in_finishing: statuses.in_finishing,
  in_production: statuses.in_production,
  in_design: statuses.in_design,
  dispatch_ready: statuses.dispatch_ready,
  client_name: statuses.client_name,
};

/** One status as the list shows it, active or not; undefined when there is none. */
export const findStatus = async (db: Queryable, id: number): Promise<Status | undefined> => {
  const [row] = await db.select(statusColumns).from(statuses).where(eq(statuses.id, id)).limit(1);
  return row as Status | undefined;
};

export const findStatuses = async (db: Queryable): Promise<Status[]> => {
  const rows = await db
    .select(statusColumns)
    .from(statuses)
    .where(eq(statuses.is_active, true))
    .orderBy(
      sql`array_position(${parentOrder}, ${statuses.parent_name})`,
      asc(statuses.sort),
      asc(statuses.name),
    );
  return rows as Status[];
};

export const findEmployees = async (db: Queryable): Promise<Employee[]> => {
  const rows = await db
    .select({
      id: users.id,
      first_name: users.first_name,
      last_name: users.last_name,
      name: sql<string>`trim(${users.first_name} || ' ' || ${users.last_name})`,
      username: users.username,
      department: users.department,
      all_departments: users.all_departments,
      main_branches: sql<
        number[]
      >`coalesce((SELECT array_agg(b.branch_id ORDER BY b.branch_id) FROM user_main_branches b WHERE b.user_id = ${users.id}), '{}'::int[])`,
    })
    .from(users)
    .where(eq(users.is_active, true))
    .orderBy(asc(users.first_name), asc(users.last_name));
  return rows.map((r) => ({
    ...r,
    department: r.department as Department,
    main_branches: r.main_branches.map(Number),
  }));
};

export const findBranches = (db: Queryable): Promise<Branch[]> =>
  db
    .select({ id: branches.id, name: branches.name })
    .from(branches)
    .where(eq(branches.is_active, true))
    .orderBy(asc(branches.name));

export const findMaterialTypes = (db: Queryable): Promise<MaterialType[]> =>
  db
    .select({ id: material_types.id, name: material_types.name })
    .from(material_types)
    .where(eq(material_types.is_active, true))
    .orderBy(asc(material_types.name));

export const findMaterials = (db: Queryable): Promise<Material[]> =>
  db
    .select({
      id: materials.id,
      name: materials.name,
      material_type_id: materials.material_type_id,
      material_type: material_types.name,
    })
    .from(materials)
    .innerJoin(material_types, eq(material_types.id, materials.material_type_id))
    .where(eq(materials.is_active, true))
    .orderBy(asc(material_types.name), asc(materials.name));

export const findJobTypes = (db: Queryable): Promise<JobType[]> =>
  db
    .select({
      id: job_types.id,
      name: job_types.name,
      virtual_product: job_types.virtual_product,
      requires_return_file: job_types.requires_return_file,
      product_class: job_types.product_class,
    })
    .from(job_types)
    .where(eq(job_types.is_active, true))
    .orderBy(asc(job_types.name));

export const findKits = (db: Queryable): Promise<Kit[]> =>
  db
    .select({
      id: kits.id,
      code: kits.code,
      name: kits.name,
      kind: kits.kind,
      kit_box_display: kits.kit_box_display,
      implant_qty: kits.implant_qty,
    })
    .from(kits)
    .where(eq(kits.enabled, true))
    .orderBy(asc(kits.kind), asc(kits.name));

export const findPartners = async (db: Queryable): Promise<Partner[]> => {
  const rows = await db
    .select({ id: partners.id, name: partners.name, adapter_type: partners.adapter_type })
    .from(partners)
    .where(eq(partners.is_active, true))
    .orderBy(asc(partners.name));
  return rows as Partner[];
};

export const findMessageTypes = async (db: Queryable): Promise<MessageType[]> => {
  const rows = await db
    .select({ code: message_types.code, name: message_types.name, visibility: message_types.visibility })
    .from(message_types)
    .orderBy(asc(message_types.sort), asc(message_types.name));
  return rows as MessageType[];
};

export const findApprovalTypes = (db: Queryable): Promise<ApprovalType[]> =>
  db
    .select({ code: approval_types.code, name: approval_types.name })
    .from(approval_types)
    .orderBy(asc(approval_types.name));

export const findOrderStages = (db: Queryable): Promise<OrderStage[]> =>
  db
    .select({ id: order_stages.id, name: order_stages.name })
    .from(order_stages)
    .orderBy(asc(order_stages.sort), asc(order_stages.name));
