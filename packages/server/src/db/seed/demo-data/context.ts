import { asc, eq } from 'drizzle-orm';
import type { StatusParent } from '@lab/domain';
import type { Queryable } from '../../client';
import {
  branches,
  checklist_templates,
  components,
  implant_platforms,
  job_types,
  kits,
  materials,
  material_types,
  order_stages,
  partners,
  platform_availability,
  printers,
  screw_availability,
  screws,
  statuses,
  tibase_availability,
  tibases,
} from '../../schema/index';
import { jobTypeList, type JobTypeSpec } from '../reference-data/lists';

// The reference catalogue as the generators need it: rows plus look-ups by name, read once. Rows come
// back ordered by id so the random choices made from them are the same on every run.

export type StatusRef = { id: number; name: string; parent_name: StatusParent; dispatch_ready: boolean };
export type JobTypeRef = { id: number; name: string; price: number; virtual: boolean; spec: JobTypeSpec };
export type PlatformRef = {
  id: number;
  name: string;
  enabled: boolean;
  to_tibase: boolean;
  scan_body_type: string;
  straight: number | null;
  biaxial: number | null;
  tibase: number | null;
  /** `${branch_id}:${country}` where it is offered. */
  markets: Set<string>;
};
export type PartRef = {
  id: number;
  code: string;
  name: string;
  component_id: number | null;
  markets: Set<string>;
};
export type ComponentRef = { id: number; code: string; name: string; kind: string; component_type: string };

export type Reference = {
  branches: { id: number; name: string; code: string; country: string }[];
  statuses: StatusRef[];
  status: (name: string) => StatusRef;
  jobTypes: JobTypeRef[];
  jobType: (name: string) => JobTypeRef;
  materialsByType: Map<string, { typeId: number; materials: { id: number; name: string }[] }>;
  platforms: PlatformRef[];
  screws: PartRef[];
  tibases: PartRef[];
  components: ComponentRef[];
  kits: { id: number; code: string; name: string; kind: string; implant_qty: number }[];
  partners: { id: number; name: string; adapter_type: string | null; email: string | null }[];
  orderStages: Map<string, number>;
  checklistTemplates: {
    id: number;
    job_type_id: number | null;
    name: string;
    department: string;
    mandatory: boolean;
    sort: number;
  }[];
  printers: { id: number; branch_id: number | null; print_type: string }[];
};

export const market = (branchId: number, country: string): string => `${branchId}:${country}`;

const byName = <T extends { name: string }>(rows: T[], what: string) => {
  const map = new Map(rows.map((r) => [r.name, r]));
  return (name: string): T => {
    const row = map.get(name);
    if (!row) throw new Error(`seed: unknown ${what} '${name}'`);
    return row;
  };
};

const marketsOf = <K extends string>(
  rows: ({ branch_id: number; country: string } & Record<K, number>)[],
  key: K,
) => {
  const map = new Map<number, Set<string>>();
  for (const row of rows) {
    const set = map.get(row[key]) ?? new Set<string>();
    set.add(market(row.branch_id, row.country));
    map.set(row[key], set);
  }
  return (id: number) => map.get(id) ?? new Set<string>();
};

export const loadReference = async (db: Queryable): Promise<Reference> => {
  const statusRows = await db
    .select({
      id: statuses.id,
      name: statuses.name,
      parent_name: statuses.parent_name,
      dispatch_ready: statuses.dispatch_ready,
    })
    .from(statuses)
    .orderBy(asc(statuses.sort), asc(statuses.id));
  const statusList = statusRows as StatusRef[];
  const jobTypeRows = await db.select().from(job_types).orderBy(asc(job_types.id));
  const specs = new Map(jobTypeList.map((s) => [s.name, s]));
  const jobTypeRefs: JobTypeRef[] = jobTypeRows.flatMap((j) => {
    const spec = specs.get(j.name);
    return spec
      ? [{ id: j.id, name: j.name, price: Number(j.price ?? 0), virtual: j.virtual_product, spec }]
      : [];
  });
  const typeRows = await db.select().from(material_types).orderBy(asc(material_types.id));
  const materialRows = await db.select().from(materials).orderBy(asc(materials.id));
  const materialsByType = new Map(
    typeRows.map((t) => [
      t.name,
      {
        typeId: t.id,
        materials: materialRows
          .filter((m) => m.material_type_id === t.id)
          .map((m) => ({ id: m.id, name: m.name })),
      },
    ]),
  );

  const platformMarkets = marketsOf(await db.select().from(platform_availability), 'platform_id');
  const screwMarkets = marketsOf(await db.select().from(screw_availability), 'screw_id');
  const tibaseMarkets = marketsOf(await db.select().from(tibase_availability), 'tibase_id');
  const platformRows = await db.select().from(implant_platforms).orderBy(asc(implant_platforms.id));
  const screwRows = await db.select().from(screws).orderBy(asc(screws.id));
  const tibaseRows = await db.select().from(tibases).orderBy(asc(tibases.id));

  return {
    branches: await db
      .select({ id: branches.id, name: branches.name, code: branches.code, country: branches.country })
      .from(branches)
      .orderBy(asc(branches.id)),
    statuses: statusList,
    status: byName(statusList, 'status'),
    jobTypes: jobTypeRefs,
    jobType: byName(jobTypeRefs, 'job type'),
    materialsByType,
    platforms: platformRows.map((p) => ({
      id: p.id,
      name: p.name,
      enabled: p.enabled,
      to_tibase: p.to_tibase,
      scan_body_type: p.scan_body_type ?? '',
      straight: p.default_straight_screw_id,
      biaxial: p.default_biaxial_screw_id,
      tibase: p.default_tibase_id,
      markets: platformMarkets(p.id),
    })),
    screws: screwRows
      .filter((s) => s.enabled)
      .map((s) => ({
        id: s.id,
        code: s.code,
        name: s.name,
        component_id: s.component_id,
        markets: screwMarkets(s.id),
      })),
    tibases: tibaseRows
      .filter((t) => t.enabled)
      .map((t) => ({
        id: t.id,
        code: t.code,
        name: t.name,
        component_id: t.component_id,
        markets: tibaseMarkets(t.id),
      })),
    components: await db
      .select({
        id: components.id,
        code: components.code,
        name: components.name,
        kind: components.kind,
        component_type: components.component_type,
      })
      .from(components)
      .where(eq(components.is_disabled, false))
      .orderBy(asc(components.id)),
    kits: await db
      .select({
        id: kits.id,
        code: kits.code,
        name: kits.name,
        kind: kits.kind,
        implant_qty: kits.implant_qty,
      })
      .from(kits)
      .orderBy(asc(kits.id)),
    partners: await db
      .select({
        id: partners.id,
        name: partners.name,
        adapter_type: partners.adapter_type,
        email: partners.email,
      })
      .from(partners)
      .orderBy(asc(partners.id)),
    orderStages: new Map(
      (await db.select().from(order_stages).orderBy(asc(order_stages.id))).map((s) => [s.name, s.id]),
    ),
    checklistTemplates: await db
      .select({
        id: checklist_templates.id,
        job_type_id: checklist_templates.job_type_id,
        name: checklist_templates.name,
        department: checklist_templates.department,
        mandatory: checklist_templates.mandatory,
        sort: checklist_templates.sort,
      })
      .from(checklist_templates)
      .orderBy(asc(checklist_templates.sort)),
    printers: await db
      .select({ id: printers.id, branch_id: printers.branch_id, print_type: printers.print_type })
      .from(printers)
      .orderBy(asc(printers.id)),
  };
};
