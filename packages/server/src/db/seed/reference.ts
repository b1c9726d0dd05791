import { sql } from 'drizzle-orm';
import { inTransaction, selectRows, type Db, type Tx } from '../client';
import {
  approval_types,
  branch_closures,
  branches,
  checklist_templates,
  component_stock,
  courier_rates,
  couriers,
  components,
  implant_platforms,
  job_type_required_files,
  job_types,
  kits,
  material_types,
  materials,
  message_types,
  order_stages,
  partners,
  platform_availability,
  price_list,
  printers,
  screw_availability,
  screws,
  statuses,
  stock_movements,
  tibase_availability,
  tibases,
} from '../schema/index';
import { insertAll, insertReturning } from './batch';
import {
  extraScrews,
  extraTibases,
  platformList,
  type PartSpec,
  type PlatformSpec,
} from './reference-data/implant-catalogue';
import { componentPriceByKind, marketPrice, priceMarkets, pricingKitPrice } from './reference-data/prices';
import { kitList, stockPartList } from './reference-data/stock-parts';
import {
  approvalTypeList,
  branchList,
  checklistTemplateList,
  jobTypeList,
  requiredScansOf,
  jobTypeProfile,
  markets,
  materialList,
  messageTypeList,
  orderStageList,
  partnerList,
  printerKinds,
  statusList,
} from './reference-data/lists';

/**
 * The reference catalogue every installation starts with (domain-decisions.md 'Reference data'): branches,
 * statuses, job types, materials, message and approval types, order stages, the implant catalogue with
 * availability and stock, kits, partners, printers and checklist templates. One transaction; does nothing
 * when statuses already exist, so it is safe on every start and in every test database.
 */
export const seedReferenceData = async (db: Db): Promise<void> => {
  const [existing] = await selectRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM statuses`);
  if (Number(existing?.n ?? 0) > 0) return;
  await inTransaction(db, async (tx) => {
    const branchIds = await seedBranches(tx);
    await seedLists(tx);
    await seedImplantCatalogue(tx, branchIds);
    await seedCourierRates(tx, branchIds);
  });
};

/**
 * What each courier charges to carry an order from each branch (issue 32): a dispatch adds it to the
 * invoice as freight. Domestic couriers from their own country's branches; the lab changes the table on
 * the Accounts page.
 */
const courierRates: Record<string, Record<string, string>> = {
  'Australia Post': { Melbourne: '12.50', Sydney: '12.50' },
  'Australia Post Express': { Melbourne: '18.95', Sydney: '18.95' },
  StarTrack: { Melbourne: '15.00', Sydney: '15.00' },
  TNT: { Melbourne: '16.50', Sydney: '16.50' },
  'DHL Express': { Melbourne: '45.00', Sydney: '45.00', Auckland: '49.00' },
  Aramex: { Melbourne: '11.00', Sydney: '11.00', Auckland: '10.50' },
  'NZ Post': { Auckland: '9.50' },
  CourierPost: { Auckland: '12.00' },
  'NZ Couriers': { Auckland: '11.50' },
};

const seedCourierRates = async (tx: Tx, branchIds: Map<string, number>): Promise<void> => {
  const rows = await tx.select({ id: couriers.id, name: couriers.name }).from(couriers);
  const rates = rows.flatMap((courier) =>
    Object.entries(courierRates[courier.name] ?? {}).flatMap(([branch, freight]) => {
      const branchId = branchIds.get(branch);
      return branchId === undefined ? [] : [{ courier_id: courier.id, branch_id: branchId, freight }];
    }),
  );
  if (rates.length > 0) await insertAll(tx, courier_rates, rates);
};

const seedBranches = async (tx: Tx): Promise<Map<string, number>> => {
  const rows = await insertReturning(
    tx,
    branches,
    branchList.map((b) => ({ ...b })),
  );
  const ids = new Map(rows.map((r) => [r.name, r.id]));
  // The Christmas shutdown: the lab closes between Christmas Eve and the second working day of January.
  const year = new Date().getUTCFullYear();
  await insertAll(
    tx,
    branch_closures,
    rows.map((b) => ({
      branch_id: b.id,
      starts_on: `${year}-12-24`,
      ends_on: `${year + 1}-01-02`,
      reason: 'Christmas shutdown',
    })),
  );
  await insertAll(
    tx,
    printers,
    rows.flatMap((b) =>
      printerKinds.map((p) => ({
        printer_name: `${b.name} ${p.suffix}`,
        print_type: p.print_type,
        branch_id: b.id,
        destination: `ipp://print-${b.code.toLowerCase()}.lab.internal/${p.print_type}`,
      })),
    ),
  );
  return ids;
};

const seedLists = async (tx: Tx): Promise<void> => {
  await insertAll(
    tx,
    statuses,
    statusList.map((s, sort) => ({ ...s, sort })),
  );
  await insertAll(tx, partners, partnerList);
  const jobTypeRows = await insertReturning(
    tx,
    job_types,
    jobTypeList.map((j) => ({
      name: j.name,
      product_class: j.product_class,
      price: j.price,
      standard_turnaround_days: j.standard_turnaround_days,
      virtual_product: j.virtual_product ?? false,
      requires_return_file: j.requires_return_file ?? false,
      ...jobTypeProfile(j),
    })),
  );
  const requiredScans = jobTypeRows.flatMap((row) => {
    const spec = jobTypeList.find((j) => j.name === row.name);
    return spec ? requiredScansOf(spec).map((kind) => ({ job_type_id: row.id, kind })) : [];
  });
  await insertAll(tx, job_type_required_files, requiredScans);
  const typeRows = await insertReturning(
    tx,
    material_types,
    Object.keys(materialList).map((name) => ({ name })),
  );
  await insertAll(
    tx,
    materials,
    typeRows.flatMap((t) => (materialList[t.name] ?? []).map((name) => ({ name, material_type_id: t.id }))),
  );
  await insertAll(
    tx,
    message_types,
    messageTypeList.map((m, sort) => ({ ...m, sort })),
  );
  await insertAll(
    tx,
    approval_types,
    approvalTypeList.map((a, sort) => ({ ...a, sort })),
  );
  await insertAll(
    tx,
    order_stages,
    orderStageList.map((name, sort) => ({ name, sort })),
  );
  const jobTypeIds = new Map(jobTypeRows.map((j) => [j.name, j.id]));
  await insertAll(
    tx,
    checklist_templates,
    checklistTemplateList.map((c, sort) => ({
      name: c.name,
      department: c.department,
      mandatory: c.mandatory ?? false,
      job_type_id: c.jobType ? (jobTypeIds.get(c.jobType) ?? null) : null,
      sort,
    })),
  );
};

const offeredIn = (platform: PlatformSpec) =>
  markets.filter((m) => {
    if (platform.onlyIn) return platform.onlyIn.some((o) => o.branch === m.branch && o.country === m.country);
    if (platform.notInCountries?.includes(m.country)) return false;
    return !platform.notAtBranches?.includes(m.branch);
  });

const seedImplantCatalogue = async (tx: Tx, branchIds: Map<string, number>): Promise<void> => {
  const branchId = (name: string): number => {
    const id = branchIds.get(name);
    if (id === undefined) throw new Error(`unknown branch ${name}`);
    return id;
  };
  const screwSpecs: PartSpec[] = [
    ...platformList.flatMap((p) => (p.biaxial ? [p.straight, p.biaxial] : [p.straight])),
    ...extraScrews,
  ];
  const tibaseSpecs: PartSpec[] = [
    ...platformList.flatMap((p) => (p.tibase ? [p.tibase] : [])),
    ...extraTibases,
  ];

  // Screws and ti-bases are stocked parts too: their component rows carry the warehouse code.
  const componentRows = await insertReturning(tx, components, [
    ...screwSpecs.map((s) => ({
      code: s.code,
      name: s.name,
      component_type: 'Screw',
      kind: 'screw',
      is_disabled: s.enabled === false,
    })),
    ...tibaseSpecs.map((t) => ({
      code: t.code,
      name: t.name,
      component_type: 'Ti-Base',
      kind: 'tibase',
      is_disabled: t.enabled === false,
    })),
    ...stockPartList.map((p) => ({
      code: p.code,
      name: p.name,
      description: p.description,
      component_type: p.component_type,
      kind: p.kind,
      is_disabled: p.enabled === false,
    })),
  ]);
  const componentIds = new Map(componentRows.map((c) => [c.code, c.id]));
  const screwRows = await insertReturning(
    tx,
    screws,
    screwSpecs.map((s) => ({
      code: s.code,
      name: s.name,
      enabled: s.enabled ?? true,
      component_id: componentIds.get(s.code),
    })),
  );
  const tibaseRows = await insertReturning(
    tx,
    tibases,
    tibaseSpecs.map((t) => ({
      code: t.code,
      name: t.name,
      enabled: t.enabled ?? true,
      component_id: componentIds.get(t.code),
    })),
  );
  const screwIds = new Map(screwRows.map((s) => [s.code, s.id]));
  const tibaseIds = new Map(tibaseRows.map((t) => [t.code, t.id]));
  const platformRows = await insertReturning(
    tx,
    implant_platforms,
    platformList.map((p) => ({
      name: p.name,
      manufacturer: p.manufacturer,
      enabled: p.enabled ?? true,
      to_tibase: p.to_tibase,
      library_id: p.library_id,
      scan_body_type: p.scan_body_type,
      default_straight_screw_id: screwIds.get(p.straight.code),
      default_biaxial_screw_id: p.biaxial ? screwIds.get(p.biaxial.code) : null,
      default_tibase_id: p.tibase ? tibaseIds.get(p.tibase.code) : null,
    })),
  );

  const platformMarkets = platformList.map((p, i) => ({
    spec: p,
    id: platformRows[i]?.id ?? 0,
    where: offeredIn(p),
  }));
  await insertAll(
    tx,
    platform_availability,
    platformMarkets.flatMap((p) =>
      p.where.map((m) => ({ platform_id: p.id, branch_id: branchId(m.branch), country: m.country })),
    ),
  );
  // A platform's screws and ti-base are offered wherever it is; the generic extras everywhere.
  const partMarkets = (parts: PartSpec[], where: typeof markets) => parts.map((part) => ({ part, where }));
  const screwMarkets = [
    ...platformMarkets.flatMap((p) =>
      partMarkets(p.spec.biaxial ? [p.spec.straight, p.spec.biaxial] : [p.spec.straight], p.where),
    ),
    ...partMarkets(extraScrews, markets),
  ];
  const tibaseMarkets = [
    ...platformMarkets.flatMap((p) => partMarkets(p.spec.tibase ? [p.spec.tibase] : [], p.where)),
    ...partMarkets(extraTibases, markets),
  ];
  await insertAll(
    tx,
    screw_availability,
    screwMarkets.flatMap((s) =>
      s.where.map((m) => ({
        screw_id: screwIds.get(s.part.code) ?? 0,
        branch_id: branchId(m.branch),
        country: m.country,
      })),
    ),
  );
  await insertAll(
    tx,
    tibase_availability,
    tibaseMarkets.flatMap((t) =>
      t.where.map((m) => ({
        tibase_id: tibaseIds.get(t.part.code) ?? 0,
        branch_id: branchId(m.branch),
        country: m.country,
      })),
    ),
  );

  // Stock on hand: a fixed pattern (no randomness in reference data) with a few parts out of stock or
  // negative so the red stock chip has something to show.
  const branchRows = [...branchIds.values()];
  const stockRows = componentRows.flatMap((c, i) =>
    branchRows.map((branch_id, b) => ({
      component_id: c.id,
      branch_id,
      quantity_on_hand: (i * 7 + b * 11) % 13 === 0 ? -((i + b) % 3) : ((i * 37 + b * 53) % 60) + 2,
      location: `${String.fromCharCode(65 + (i % 6))}${1 + (i % 4)}-${String((i * 3 + b) % 20).padStart(2, '0')}`,
    })),
  );
  await insertAll(tx, component_stock, stockRows);
  // The ledger opens with each balance, so every row equals the sum of its movements from the start.
  await insertAll(
    tx,
    stock_movements,
    stockRows
      .filter((row) => row.quantity_on_hand !== 0)
      .map((row) => ({
        component_id: row.component_id,
        branch_id: row.branch_id,
        kind: 'opening',
        quantity: row.quantity_on_hand,
        reason: 'Opening balance',
      })),
  );
  const kitRows = await insertReturning(
    tx,
    kits,
    kitList.map((k) => ({ ...k, enabled: k.enabled ?? true })),
  );
  await insertAll(
    tx,
    price_list,
    priceMarkets.flatMap((m) => [
      ...componentRows.flatMap((c) => {
        const aud = componentPriceByKind[c.kind];
        return aud
          ? [
              {
                component_id: c.id,
                country: m.country,
                currency: m.currency,
                unit_price: marketPrice(aud, m.factor),
              },
            ]
          : [];
      }),
      ...kitRows
        .filter((k) => k.kind === 'PRICING')
        .map((k) => ({
          kit_id: k.id,
          country: m.country,
          currency: m.currency,
          unit_price: marketPrice(pricingKitPrice, m.factor),
        })),
    ]),
  );
};
