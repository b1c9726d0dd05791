import { randomBytes } from 'node:crypto';
import { and, eq, getTableName, isNull, sql } from 'drizzle-orm';
import {
  departmentForStatusParent,
  flagsForStatusParent,
  type Department,
  type Dentate,
  type StatusParent,
} from '@lab/domain';
import { inTransaction, selectRows, type Db, type Tx } from '../db/client';
import {
  branches,
  cases,
  clients,
  collections,
  implant_platforms,
  implants,
  job_types,
  order_stages,
  statuses,
  user_main_branches,
  users,
} from '../db/schema/index';

// Small builders for integration tests. Each takes the database and options with sensible defaults and
// answers the rows it created. They resolve statuses, job types, branches and platforms by name from
// the reference catalogue that createTestApp seeds, and derive what the server derives (case flags and
// department from the status parent, case_mkey from the collection id and ordinal).

let counter = 0;
const next = (): number => {
  counter += 1;
  return counter;
};
const suffix = (): string => `${next()}${randomBytes(2).toString('hex')}`;

export type ClientRow = typeof clients.$inferSelect;
export type EmployeeRow = typeof users.$inferSelect;
export type CollectionRow = typeof collections.$inferSelect;
export type CaseRow = typeof cases.$inferSelect;
export type ImplantRow = typeof implants.$inferSelect;

const one = <T>(rows: T[], what: string): T => {
  const row = rows[0];
  if (!row) throw new Error(`factory: ${what} was not created`);
  return row;
};

const idByName = async (
  db: Db | Tx,
  table: typeof branches | typeof job_types | typeof order_stages,
  name: string,
) => {
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.name, name)).limit(1);
  if (!row)
    throw new Error(`factory: no ${getTableName(table)} row named '${name}' (is the reference data seeded?)`);
  return row.id;
};

export type ClientOptions = {
  name?: string;
  country?: string;
  accountNumber?: string | null;
  email?: string | null;
  isCashCustomer?: boolean;
  suburb?: string;
  state?: string;
  postcode?: string;
};

export const createClient = async (db: Db, options: ClientOptions = {}): Promise<ClientRow> => {
  const n = next();
  const rows = await db
    .insert(clients)
    .values({
      name: options.name ?? `Factory Dental ${n}`,
      country: options.country ?? 'AU',
      account_number:
        options.accountNumber === undefined ? `F${String(n).padStart(5, '0')}` : options.accountNumber,
      email: options.email === undefined ? `reception${n}@factory-dental.example.com` : options.email,
      is_cash_customer: options.isCashCustomer ?? false,
      address_line_1: `${n} Collins Street`,
      suburb: options.suburb ?? 'Melbourne',
      state: options.state ?? 'VIC',
      postcode: options.postcode ?? '3000',
    })
    .returning();
  return one(rows, 'client');
};

export type EmployeeOptions = {
  username?: string;
  firstName?: string;
  lastName?: string;
  department?: Department;
  admin?: boolean;
  restricted?: boolean;
  allDepartments?: boolean;
  /** Home branch by name; also its main branch. Default Melbourne. */
  branch?: string | null;
  isActive?: boolean;
};

/** An employee without a password (use signInAs for one that signs in). */
export const createEmployee = async (db: Db, options: EmployeeOptions = {}): Promise<EmployeeRow> => {
  const branchName = options.branch === undefined ? 'Melbourne' : options.branch;
  return inTransaction(db, async (tx) => {
    const branchId = branchName === null ? null : await idByName(tx, branches, branchName);
    const username = options.username ?? `employee${suffix()}`;
    const user = one(
      await tx
        .insert(users)
        .values({
          username,
          first_name: options.firstName ?? 'Factory',
          last_name: options.lastName ?? username,
          department: options.department ?? 'DESIGN',
          admin: options.admin ?? false,
          restricted: options.restricted ?? false,
          all_departments: options.allDepartments ?? false,
          is_active: options.isActive ?? true,
          branch_id: branchId,
        })
        .returning(),
      'employee',
    );
    if (branchId !== null)
      await tx.insert(user_main_branches).values({ user_id: user.id, branch_id: branchId });
    return user;
  });
};

export type CaseSpec = {
  /** Status by name (default 'Awaiting Status Allocation', the Add Component default). */
  statusName?: string;
  /** Job type by name (default 'Screw-Retained Bridge'). */
  jobTypeName?: string;
  dentate?: Dentate | null;
  added?: Date;
  delegatedToId?: number | null;
  groupNumber?: number | null;
  dateReceived?: Date | null;
  immediacyDue?: Date | null;
  scheduleStart?: Date | null;
  internalDue?: Date | null;
  /** Any other case column, applied last. */
  fields?: Partial<typeof cases.$inferInsert>;
};

const caseValues = async (
  tx: Tx,
  collection: { uid: string; collection_id: number },
  ordinal: number,
  spec: CaseSpec,
) => {
  const statusName = spec.statusName ?? 'Awaiting Status Allocation';
  const [status] = await tx
    .select({ id: statuses.id, parent: statuses.parent_name })
    .from(statuses)
    .where(eq(statuses.name, statusName))
    .limit(1);
  if (!status) throw new Error(`factory: no status named '${statusName}'`);
  const jobTypeName = spec.jobTypeName ?? 'Screw-Retained Bridge';
  const [jobType] = await tx.select().from(job_types).where(eq(job_types.name, jobTypeName)).limit(1);
  if (!jobType) throw new Error(`factory: no job type named '${jobTypeName}'`);
  const parent = status.parent as StatusParent;
  return {
    case_mkey: `${collection.collection_id}-${String(ordinal).padStart(2, '0')}`,
    ordinal,
    collection_uid: collection.uid,
    job_type_id: jobType.id,
    status_id: status.id,
    ...flagsForStatusParent(parent),
    department: departmentForStatusParent(parent),
    virtual_product: jobType.virtual_product,
    requires_return_file: jobType.requires_return_file,
    dentate: spec.dentate ?? null,
    added: spec.added ?? new Date(),
    delegated_to_id: spec.delegatedToId ?? null,
    group_number: spec.groupNumber ?? null,
    date_received: spec.dateReceived ?? null,
    immediacy_due: spec.immediacyDue ?? null,
    schedule_start: spec.scheduleStart === undefined ? (spec.added ?? new Date()) : spec.scheduleStart,
    internal_due: spec.internalDue ?? null,
    ...spec.fields,
  };
};

export type CollectionOptions = {
  /** The shipping client; created (with clientName/country) when not given. */
  client?: { id: number; country?: string };
  clientName?: string;
  country?: string;
  patientReference?: string;
  /** Fulfillment branch by name; default Melbourne for AU clients and Auckland for NZ; null for none. */
  branch?: string | null;
  billingClient?: { id: number } | null;
  vip?: boolean;
  orderingPlatform?: 'oep' | 'nexus_ios' | 'nclab';
  binLocation?: string | null;
  orderStage?: string | null;
  added?: Date;
  /** The cases (components), in ordinal order. Default: one case in 'Awaiting Status Allocation'. */
  cases?: CaseSpec[];
};

export type CreatedCollection = CollectionRow & { cases: CaseRow[] };

export const createCollection = async (
  db: Db,
  options: CollectionOptions = {},
): Promise<CreatedCollection> => {
  const client =
    options.client ??
    (await createClient(db, { name: options.clientName, country: options.country ?? 'AU' }));
  const country = client.country ?? options.country ?? 'AU';
  const branchName =
    options.branch === undefined ? (country === 'NZ' ? 'Auckland' : 'Melbourne') : options.branch;
  return inTransaction(db, async (tx) => {
    const branchId = branchName === null ? null : await idByName(tx, branches, branchName);
    const collection = one(
      await tx
        .insert(collections)
        .values({
          patient_reference: options.patientReference ?? `Patient ${suffix()}`,
          shipping_client_id: client.id,
          billing_client_id: options.billingClient?.id ?? null,
          vip: options.vip ?? false,
          ordering_platform: options.orderingPlatform ?? 'oep',
          fulfillment_branch_id: branchId,
          order_stage_id: options.orderStage ? await idByName(tx, order_stages, options.orderStage) : null,
          portal_key: randomBytes(24).toString('base64url'),
          location_required: Boolean(options.binLocation),
          bin_location: options.binLocation ?? null,
          bin_location_branch_id: options.binLocation ? branchId : null,
          added: options.added ?? new Date(),
        })
        .returning(),
      'collection',
    );
    const specs = options.cases ?? [{}];
    const values = [];
    for (const [i, spec] of specs.entries()) values.push(await caseValues(tx, collection, i + 1, spec));
    const created = values.length > 0 ? await tx.insert(cases).values(values).returning() : [];
    return { ...collection, cases: created.sort((a, b) => a.ordinal - b.ordinal) };
  });
};

/** Adds a case to an existing collection as its next component. */
export const createCase = async (
  db: Db,
  collection: { uid: string; collection_id: number },
  spec: CaseSpec = {},
): Promise<CaseRow> =>
  inTransaction(db, async (tx) => {
    const [last] = await selectRows<{ n: number }>(
      tx,
      sql`SELECT coalesce(max(ordinal), 0)::int AS n FROM cases WHERE collection_uid = ${collection.uid}`,
    );
    const values = await caseValues(tx, collection, Number(last?.n ?? 0) + 1, spec);
    return one(await tx.insert(cases).values(values).returning(), 'case');
  });

export type ImplantOptions = {
  tooth: number;
  /** Platform by name with its default screw and ti-base; null for a pontic. Default Nobel Biocare CC RP. */
  platformName?: string | null;
  biaxial?: boolean;
  engaging?: boolean;
};

export const createImplant = async (
  db: Db,
  caseUid: string,
  options: ImplantOptions,
): Promise<ImplantRow> => {
  const platformName = options.platformName === undefined ? 'Nobel Biocare CC RP' : options.platformName;
  if (platformName === null) {
    return one(
      await db.insert(implants).values({ case_uid: caseUid, tooth: options.tooth }).returning(),
      'implant',
    );
  }
  const [platform] = await db
    .select()
    .from(implant_platforms)
    .where(eq(implant_platforms.name, platformName))
    .limit(1);
  if (!platform) throw new Error(`factory: no implant platform named '${platformName}'`);
  const biaxial = options.biaxial ?? false;
  const screw = biaxial ? platform.default_biaxial_screw_id : platform.default_straight_screw_id;
  return one(
    await db
      .insert(implants)
      .values({
        case_uid: caseUid,
        tooth: options.tooth,
        platform_id: platform.id,
        screw_id: screw,
        tibase_id: platform.to_tibase ? platform.default_tibase_id : null,
        biaxial,
        engaging: options.engaging ?? false,
        using_default_screw: screw !== null,
      })
      .returning(),
    'implant',
  );
};

/** The live implants of a case, by tooth. */
export const findImplants = (db: Db, caseUid: string): Promise<ImplantRow[]> =>
  db
    .select()
    .from(implants)
    .where(and(eq(implants.case_uid, caseUid), isNull(implants.deleted_at)))
    .orderBy(implants.tooth);
