import type { PartRef, PlatformRef } from './context';
import { market } from './context';
import { between, chance, pick, type CaseInfo, type CollectionInfo, type Generator } from './generator';
import { HOUR } from './schedule';

// A case's implants (FDI teeth that agree with its dentate; pontics without a platform; default screws
// and ti-bases with the occasional non-default), its component lines, the client's gauge kits and, once
// it has gone to production, the warehouse picking slips with lot numbers.

// Each arch from the patient's right to left, so neighbours in the list are neighbouring teeth.
const arches = {
  UPPER: [17, 16, 15, 14, 13, 12, 11, 21, 22, 23, 24, 25, 26, 27],
  LOWER: [47, 46, 45, 44, 43, 42, 41, 31, 32, 33, 34, 35, 36, 37],
};
const fullArchJobs = new Set([
  'Full Arch Hybrid Bridge',
  'Implant Bar',
  'Overdenture',
  'Try-In',
  'Provisional Bridge',
]);

type Arch = keyof typeof arches;
type Position = { tooth: number; pontic: boolean };

/** Evenly spread positions (All-on-4: 16, 12, 22, 26) for full-arch work. */
const fullArch = (arch: Arch, count: number): Position[] =>
  Array.from({ length: count }, (_, k) => ({
    tooth: arches[arch][Math.round(1 + (k * 11) / Math.max(1, count - 1))] ?? 11,
    pontic: false,
  }));

/** A contiguous span with implants at both ends and pontics between some of them. */
const bridgeSpan = (g: Generator, arch: Arch, implants: number): Position[] => {
  const pontics = implants >= 2 ? g.f.number.int({ min: 0, max: 2 }) : 0;
  const length = Math.min(12, implants + pontics);
  const first = g.f.number.int({ min: 1, max: 13 - length });
  const teeth = arches[arch].slice(first, first + length);
  const ponticAt = new Set<number>();
  while (ponticAt.size < length - implants) ponticAt.add(g.f.number.int({ min: 1, max: length - 2 }));
  return teeth.map((tooth, i) => ({ tooth, pontic: ponticAt.has(i) }));
};

const singleTeeth = (g: Generator, arch: Arch, count: number): Position[] =>
  g.f.helpers.arrayElements(arches[arch].slice(1, 13), count).map((tooth) => ({ tooth, pontic: false }));

const positionsFor = (g: Generator, info: CaseInfo, dentate: string | null | undefined): Position[] => {
  const [min, max] = info.jobType.spec.implants;
  if (max === 0) return [];
  const count = g.f.number.int({ min, max });
  const arch: Arch =
    dentate === 'LOWER' ? 'LOWER' : dentate === 'UPPER' ? 'UPPER' : chance(g, 55) ? 'UPPER' : 'LOWER';
  const name = info.jobType.name;
  if (dentate === 'BOTH') {
    const upper = Math.max(1, Math.ceil(count / 2));
    return [...singleTeeth(g, 'UPPER', upper), ...singleTeeth(g, 'LOWER', Math.max(1, count - upper))];
  }
  if (fullArchJobs.has(name) && count >= 4) return fullArch(arch, count);
  if (name === 'Screw-Retained Bridge' || name === 'Provisional Bridge') return bridgeSpan(g, arch, count);
  if (fullArchJobs.has(name) || name === 'Design Only' || name === 'Surgical Guide') {
    return chance(g, 50) ? fullArch(arch, Math.max(2, count)) : singleTeeth(g, arch, count);
  }
  return singleTeeth(g, arch, count);
};

const partByCode = (parts: PartRef[], code: string): PartRef | undefined =>
  parts.find((p) => p.code === code);

export const availablePlatforms = (g: Generator, col: CollectionInfo): PlatformRef[] =>
  g.ref.platforms.filter((p) => p.enabled && p.markets.has(market(col.branch.id, col.client.country)));

export const planImplants = (g: Generator, col: CollectionInfo, info: CaseInfo): void => {
  const positions = positionsFor(g, info, info.row.dentate);
  if (positions.length === 0) return;
  const offered = availablePlatforms(g, col);
  // Mostly the patient's one implant system; sometimes a second one, rarely a withdrawn platform.
  const withdrawn = g.ref.platforms.filter((p) => !p.enabled);
  const platform =
    withdrawn.length > 0 && chance(g, 2)
      ? pick(g, withdrawn)
      : col.implantPlatform && !chance(g, 8)
        ? col.implantPlatform
        : pick(g, offered.length > 0 ? offered : g.ref.platforms);
  const single = positions.length <= 2 && !fullArchJobs.has(info.jobType.name);
  const biaxialScrew = partByCode(g.ref.screws, 'SCR-GEN-M14-BA');
  const longScrew = partByCode(g.ref.screws, 'SCR-GEN-M16L');
  const otherTibases = g.ref.tibases.filter((t) => t.code === 'TIB-DESS-UNI40' || t.code === 'TIB-GEN-ENG');
  const firstIndex = g.rows.implants.length;

  for (const position of positions) {
    if (position.pontic) {
      g.rows.implants.push({ case_uid: info.uid, tooth: position.tooth, created_at: new Date(info.start) });
      info.implants.push({
        tooth: position.tooth,
        platform: null,
        screwId: null,
        tibaseId: null,
        biaxial: false,
      });
      continue;
    }
    const biaxial = chance(g, single ? 15 : 30);
    let screwId = biaxial ? platform.biaxial : platform.straight;
    let defaultScrew = screwId !== null && !chance(g, 6);
    if (!defaultScrew || screwId === null) {
      screwId = (biaxial ? biaxialScrew?.id : longScrew?.id) ?? screwId;
      defaultScrew = false;
    }
    let tibaseId: number | null = null;
    let defaultTibase = true;
    if (platform.to_tibase) {
      defaultTibase = platform.tibase !== null && !chance(g, 6);
      tibaseId = defaultTibase ? platform.tibase : otherTibases.length > 0 ? pick(g, otherTibases).id : null;
    }
    const measured = chance(g, 15);
    g.rows.implants.push({
      case_uid: info.uid,
      tooth: position.tooth,
      platform_id: platform.id,
      screw_id: screwId,
      tibase_id: tibaseId,
      biaxial,
      engaging: single && chance(g, 70),
      using_default_screw: defaultScrew,
      using_default_tibase: defaultTibase,
      screw_turns: measured ? pick(g, ['0.50', '0.75', '1.25']) : null,
      measuring_cylinder: measured ? pick(g, ['MC-3.5', 'MC-4.5', 'MC-5.0']) : null,
      measuring_cylinder_height: measured ? pick(g, ['2.50', '3.50', '4.00']) : null,
      created_at: new Date(info.start),
      updated_at: new Date(info.start),
    });
    info.implants.push({ tooth: position.tooth, platform, screwId, tibaseId, biaxial });
  }
  if (g.detail === 'demo') planImplantAudit(g, info, firstIndex, platform);
};

const planImplantAudit = (g: Generator, info: CaseInfo, firstIndex: number, platform: PlatformRef): void => {
  const editor = pick(g, g.staff.inDepartment('DESIGN'));
  const when = new Date(info.start + between(g, 2, 30) * HOUR);
  const first = info.implants[0];
  if (first?.platform && chance(g, 15)) {
    g.rows.implantAudit.push({
      implantIndex: firstIndex,
      case_uid: info.uid,
      action: 'UPDATED',
      modified_at: when,
      modified_by_id: editor.id,
      modified_by: editor.username,
      changed_values: first.biaxial
        ? { bi_axial: { old: false, new: true } }
        : { tooth: { old: first.tooth + (first.tooth % 10 > 1 ? -1 : 1), new: first.tooth } },
    });
  }
  if (chance(g, 5)) {
    // An implant entered by mistake and removed: soft-deleted so the audit can still name it.
    const tooth = (info.implants[0]?.tooth ?? 14) > 30 ? 36 : 16;
    g.rows.implants.push({
      case_uid: info.uid,
      tooth,
      platform_id: platform.id,
      screw_id: platform.straight,
      tibase_id: platform.to_tibase ? platform.tibase : null,
      created_at: new Date(info.start),
      deleted_at: when,
    });
    g.rows.implantAudit.push({
      implantIndex: g.rows.implants.length - 1,
      case_uid: info.uid,
      action: 'DELETED',
      modified_at: when,
      modified_by_id: editor.id,
      modified_by: editor.username,
      changed_values: {
        tooth: { old: tooth, new: null },
        'platform.string': { old: platform.name, new: null },
      },
    });
  }
};

export type PartLine = { component_id: number; code: string; name: string; quantity: number; type: string };

/** Attachments, analogs and generic parts on the case; answers what a picking slip would list. */
export const planComponentLines = (g: Generator, info: CaseInfo): PartLine[] => {
  if (info.jobType.virtual) return [];
  const lines: PartLine[] = [];
  const ofKind = (kind: string) => g.ref.components.filter((c) => c.kind === kind);
  const fixtures = info.implants.filter((i) => i.platform !== null);
  const add = (
    kind: string,
    component: { id: number; code: string; name: string } | undefined,
    quantity: number,
  ) => {
    if (!component || quantity < 1) return;
    g.rows.componentLines.push({
      case_uid: info.uid,
      kind,
      component_id: component.id,
      quantity,
      created_at: new Date(info.start),
    });
    lines.push({
      component_id: component.id,
      code: component.code,
      name: component.name,
      quantity,
      type: kind,
    });
  };
  if (info.jobType.name === 'Overdenture' && chance(g, 90)) {
    add(
      'attachment',
      pick(
        g,
        ofKind('attachment').filter((c) => c.code.startsWith('ATT-LOC')),
      ),
      fixtures.length,
    );
  }
  if (info.jobType.name === 'Implant Bar' && chance(g, 50)) {
    add(
      'attachment',
      ofKind('attachment').find((c) => c.code === 'ATT-HADER-Y'),
      2,
    );
  }
  const platformWord = fixtures[0]?.platform?.name.split(' ')[0] ?? '';
  if (fixtures.length > 0 && chance(g, 40)) {
    const analogs = ofKind('analog');
    add('analog', analogs.find((a) => a.name.startsWith(platformWord)) ?? pick(g, analogs), fixtures.length);
  }
  if (chance(g, 12)) add('generic', pick(g, ofKind('generic')), g.f.number.int({ min: 1, max: 4 }));
  if (fixtures.length > 0 && chance(g, 5)) {
    const kit = pick(
      g,
      g.ref.kits.filter((k) => k.kind === 'CLIENT_GAUGE'),
    );
    g.rows.clientGaugeKits.push({ case_uid: info.uid, kit_id: kit.id });
  }
  return lines;
};

const lotNumber = (g: Generator): string =>
  `${g.f.string.numeric(2)}${g.f.string.alpha({ length: 1, casing: 'upper' })}${g.f.string.numeric(5)}`;

/** The lot a slip's line was picked from, when lots are shared by many cases (shared-lots.ts). */
export type LotOfPick = (item: { code: string; quantity: number }) => string;

/**
 * Picking slips for cases past design: items from the lines and the implants' screws and ti-bases. The
 * demo's lots are random (one per box, grouped by kind as often as not); bulk data passes `lotOf`.
 */
export const planPickingSlips = (
  g: Generator,
  col: CollectionInfo,
  info: CaseInfo,
  lines: PartLine[],
  lotOf?: LotOfPick,
): void => {
  if (info.jobType.virtual || info.stage < 3 || !chance(g, 60)) return;
  const counts = new Map<number, number>();
  for (const implant of info.implants) {
    for (const id of [implant.screwId, implant.tibaseId])
      if (id !== null) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  const items = [
    ...[...counts].flatMap(([id, quantity]) => {
      const part = g.ref.screws.find((s) => s.id === id) ?? g.ref.tibases.find((t) => t.id === id);
      const type = g.ref.screws.some((s) => s.id === id) ? 'screw' : 'tibase';
      return part
        ? [{ component_id: part.component_id, code: part.code, quantity, type, description: part.name }]
        : [];
    }),
    ...lines.map((l) => ({
      component_id: l.component_id,
      code: l.code,
      quantity: l.quantity,
      type: l.type,
      description: l.name,
    })),
  ];
  if (items.length === 0) return;
  const requested = (info.done.design ?? info.start) + between(g, 0.5, 3) * HOUR;
  const picked = requested + between(g, 1, 8) * HOUR;
  const isPicked = picked < g.now && chance(g, 90);
  const grouped = !lotOf && chance(g, 50);
  g.rows.pickingSlips.push({
    case_uid: info.uid,
    requested_at: new Date(requested),
    requested_by_id: pick(g, [
      ...g.staff.inDepartment('DESIGN', col.branch.name),
      ...g.staff.inDepartment('ADMIN', col.branch.name),
    ]).id,
    picked_at: isPicked ? new Date(picked) : null,
    picked_by_id: isPicked ? pick(g, g.staff.inDepartment('WAREHOUSE', col.branch.name)).id : null,
    lot_numbers: !isPicked
      ? null
      : lotOf
        ? items.map((item) => lotOf(item))
        : grouped
          ? Object.fromEntries(
              [...new Set(items.map((i) => i.type))].map((type) => [
                {
                  screw: 'Screws',
                  tibase: 'Ti-Bases',
                  analog: 'Analogs',
                  attachment: 'Attachments',
                  generic: 'Generic',
                }[type] ?? type,
                [lotNumber(g)],
              ]),
            )
          : items.map(() => lotNumber(g)),
  });
  const slipIndex = g.rows.pickingSlips.length - 1;
  for (const item of items) g.rows.pickItems.push({ ...item, slipIndex });
};
