import { departmentForStatusParent, flagsForStatusParent, type redoReasons } from '@lab/domain';
import type { JobTypeRef, StatusRef } from './context';
import {
  between,
  chance,
  isActiveParent,
  newUid,
  pick,
  pickEmployee,
  stageOfParent,
  type CaseInfo,
  type CollectionInfo,
  type Generator,
} from './generator';
import { DAY, HOUR, scheduleFor } from './schedule';

// One case row whose fields agree with its status: stage completion stamps (and who did them) for every
// stage it has left, a delegate from the status's department, schedule fields from the job type's
// profile, material, redo details and the machining project while in production.

export type CaseSpec = {
  ordinal: number;
  status: StatusRef;
  jobType: JobTypeRef;
  groupNumber: number | null;
  /** The spec of the case this one remakes. */
  redoOf: CaseSpec | null;
  /** Archived collections are old: their cases started about this many days ago. */
  archivedAgeDays: number | null;
  dentate: 'UPPER' | 'LOWER' | 'BOTH' | 'NONE' | null;
};

const ageDaysByStage: Record<number, [number, number]> = {
  0: [3, 120],
  1: [0.2, 3],
  2: [0.5, 5],
  3: [2, 8],
  4: [3, 10],
  5: [8, 45],
};

const internalRedoReasons = ['che', 'des', 'met', 'pol', 'pro'] as const;
const externalRedoReasons = ['cli', 'war'] as const;
const couriers = { AU: ['StarTrack', 'Australia Post Express', 'TNT'], NZ: ['NZ Couriers', 'CourierPost'] };

export const planCase = (
  g: Generator,
  col: CollectionInfo,
  spec: CaseSpec,
  original?: CaseInfo,
): CaseInfo => {
  const { status, jobType } = spec;
  const parent = status.parent_name;
  const active = isActiveParent(parent);
  const virtual = jobType.virtual;
  // Where a cancelled case stopped; a virtual case never goes through production or the lab.
  let stage =
    parent === 'CANCELLED' ? g.f.number.int({ min: 1, max: virtual ? 2 : 4 }) : stageOfParent[parent];

  const [minAge, maxAge] = ageDaysByStage[parent === 'CANCELLED' ? 0 : stage] ?? [1, 5];
  const start =
    spec.archivedAgeDays !== null
      ? g.now - (spec.archivedAgeDays - between(g, 0, 3)) * DAY
      : g.now - between(g, minAge, maxAge) * DAY;
  const promised = chance(g, 60)
    ? start + (jobType.spec.standard_turnaround_days * 1.4 + between(g, -3, 2.5)) * DAY
    : null;
  const needsApproval = jobType.spec.product_class !== 'Other' || (virtual && chance(g, 50));
  const delaySeconds = needsApproval && stage >= 2 && chance(g, 50) ? Math.round(between(g, 1, 6)) * 3600 : 0;
  const schedule = scheduleFor(jobType.spec, start, promised, delaySeconds);

  // Progress so far: completions spread between the start and the last change.
  const customerDue = schedule.customer_due.getTime();
  const end = active
    ? Math.max(start + HOUR, g.now - between(g, 0.3, 20) * HOUR)
    : Math.min(
        g.now - 2 * HOUR,
        Math.max(start + 6 * HOUR, start + (customerDue - start) * between(g, 0.75, 1.2)),
      );
  const reached = parent === 'DISPATCHED' ? 5 : stage;
  const at = (step: number) => start + (end - start) * (step / Math.max(reached, 1)) * between(g, 0.85, 1);
  const done: CaseInfo['done'] = {};
  if (reached >= 2) done.metrology = at(1);
  if (reached >= 3) done.design = at(2);
  if (reached >= 4 && !virtual) done.machining = at(3);
  if (parent === 'DISPATCHED') done.dispatched = end;
  if (parent === 'CANCELLED') done.cancelled = end;
  if (parent === 'DISPATCHED') stage = 5;

  const branch = col.branch.name;
  const department = departmentForStatusParent(parent);
  const delegable = parent === 'IN DESIGN' || parent === 'IN PRODUCTION' || parent === 'IN LAB';
  const delegate = delegable && department && chance(g, 70) ? pickEmployee(g, department, branch) : null;
  const received =
    reached >= 2 && !(virtual && chance(g, 50))
      ? start + ((done.metrology ?? end) - start) * between(g, 0.1, 0.5)
      : stage === 1 && status.name !== 'Awaiting Scan' && chance(g, 40)
        ? start + between(g, 1, 6) * HOUR
        : null;

  const materialName = jobType.spec.materials.length > 0 ? pick(g, jobType.spec.materials) : null;
  const materialType = materialName ? g.ref.materialsByType.get(materialName) : undefined;
  const material = materialType && chance(g, 85) ? pick(g, materialType.materials) : null;
  const project = machineProjectFor(g, branch, status, stage, parent);
  const redo = original ? redoFields(g) : null;
  const uid = newUid();
  const tracking = parent === 'DISPATCHED' && !virtual ? trackingNumber(g, col.client.country) : null;
  const hasImplants = jobType.spec.implants[1] > 0;

  const row: CaseInfo['row'] = {
    uid,
    collection_uid: col.uid,
    ordinal: spec.ordinal,
    job_type_id: jobType.id,
    status_id: status.id,
    ...flagsForStatusParent(parent),
    department,
    ...(redo ?? {}),
    redo_of_case_uid: original?.uid ?? null,
    virtual_product: virtual,
    requires_return_file: jobType.spec.requires_return_file ?? false,
    date_received: received === null ? null : new Date(received),
    immediacy_due: active && stage >= 2 && chance(g, 5) ? new Date(g.now + between(g, -0.7, 8) * HOUR) : null,
    added: new Date(start - between(g, 0, 2) * HOUR),
    created_by_id: pickEmployee(g, 'ADMIN', branch).id,
    group_number: spec.groupNumber,
    delegated_to_id: delegate?.id ?? null,
    delegated_at: delegate ? new Date(Math.max(start, end - between(g, 0.5, 6) * HOUR)) : null,
    delegated_by_id: delegate ? pickEmployee(g, 'ADMIN', branch).id : null,
    tracking_number: tracking,
    material_type_id: materialType?.typeId ?? null,
    material_id: material?.id ?? null,
    material_batch_number:
      material && stage >= 3
        ? `${materialName?.slice(0, 2).toUpperCase()}-${g.f.string.numeric(2)}${g.f.string.alphanumeric(1).toUpperCase()}-${g.f.string.numeric(4)}`
        : null,
    material_thickness:
      materialName === 'Zirconia' && stage >= 3 ? pick(g, ['14.00', '18.00', '20.00', '25.00']) : null,
    dentate: spec.dentate,
    scan_gauge_kit_id:
      hasImplants && chance(g, 10)
        ? pick(
            g,
            g.ref.kits.filter((k) => k.kind === 'SCAN_GAUGE'),
          ).id
        : null,
    machine_project_id: project,
    check_in_user_id: received === null ? null : pickEmployee(g, 'ADMIN', branch).id,
    metrology_user_id: done.metrology ? pickEmployee(g, 'ADMIN', branch).id : null,
    design_user_id: done.design ? pickEmployee(g, 'DESIGN', branch).id : null,
    machine_user_id: done.machining ? pickEmployee(g, 'MACHINING', branch).id : null,
    schedule_start: new Date(start),
    date_promised: promised === null ? null : new Date(promised),
    ...schedule,
    date_metrology_complete: stamp(done.metrology),
    date_design_complete: stamp(done.design),
    date_approval_complete: null,
    date_machining_complete: stamp(done.machining),
    date_dispatched: stamp(done.dispatched),
    customer_delay_seconds: delaySeconds,
    override_design_seconds: chance(g, 3) ? 4 * 3600 : null,
    automation_results:
      done.design && chance(g, 20) ? [{ type: 'nexus_connect', payload: { nc_session_id: newUid() } }] : [],
    updated_at: new Date(end),
  };
  // The 'none matches' scan gauge: no kit, the typed gauge name instead.
  if (hasImplants && row.scan_gauge_kit_id === null && chance(g, 3))
    row.scan_gauge_name = `Client gauge ${g.f.string.numeric(4)}`;
  g.rows.cases.push(row);
  return {
    row,
    uid,
    ordinal: spec.ordinal,
    status,
    parent,
    jobType,
    stage,
    start,
    done,
    delegate,
    implants: [],
  };
};

const stamp = (t: number | undefined): Date | null => (t === undefined ? null : new Date(t));

const machineProjectFor = (
  g: Generator,
  branch: string,
  status: StatusRef,
  stage: number,
  parent: string,
): number | null => {
  const at = (s: string) => g.projects.filter((p) => p.branch === branch && p.status === s);
  if (parent === 'IN PRODUCTION') {
    const wanted = status.name === 'Programming' ? at('Pending') : at('Ready');
    return wanted.length > 0 && chance(g, 85) ? pick(g, wanted).id : null;
  }
  if ((stage === 4 || parent === 'DISPATCHED') && chance(g, 40)) {
    const complete = at('Complete');
    return complete.length > 0 ? pick(g, complete).id : null;
  }
  return null;
};

const redoFields = (g: Generator) => {
  const external = chance(g, 45);
  const reason = external ? pick(g, externalRedoReasons) : pick(g, internalRedoReasons);
  const charge = external ? pick(g, ['full', 'discount', 'free'] as const) : 'free';
  return {
    redo_type: external ? 'external' : 'internal',
    redo_reason: reason satisfies keyof typeof redoReasons,
    redo_charge: charge,
    redo_discount_amount: charge === 'discount' ? pick(g, ['10.00', '25.00', '50.00']) : null,
    redo_new_screws_required: chance(g, 30),
  };
};

export const trackingNumber = (g: Generator, country: string): string =>
  country === 'NZ'
    ? `NZC${g.f.string.numeric(9)}`
    : `${g.f.string.alpha({ length: 3, casing: 'upper' })}${g.f.string.numeric(10)}`;

export const courierFor = (g: Generator, country: string): string =>
  pick(g, country === 'NZ' ? couriers.NZ : couriers.AU);
