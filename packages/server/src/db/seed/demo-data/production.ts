import type { Tx } from '../../client';
import { machine_plans, machine_projects, machines, scan_gauge_batches } from '../../schema/index';
import { insertAll, insertReturning } from '../batch';
import type { Reference } from './context';
import { HOUR, labTime } from './schedule';
import type { Staff } from './staff';

// Mills and printers per branch, and the machining projects (nests) in-production cases belong to:
// Complete ones in the past week, Ready ones on the calendar today and tomorrow, Pending ones still
// being programmed (some not yet placed on the calendar).

export type MachineProjectRef = { id: number; branch: string; status: 'Pending' | 'Ready' | 'Complete' };

const machineList: Record<string, { name: string; kind: string }[]> = {
  Melbourne: [
    { name: 'Imes-Icore CORiTEC 550i', kind: 'mill' },
    { name: 'DMG Mori ULTRASONIC 20 linear', kind: 'mill' },
    { name: 'Roland DWX-52DCi', kind: 'mill' },
    { name: 'Formlabs Form 3B', kind: 'printer' },
  ],
  Sydney: [
    { name: 'Imes-Icore CORiTEC 350i', kind: 'mill' },
    { name: 'Roland DWX-52D', kind: 'mill' },
  ],
  Auckland: [
    { name: 'vhf R5', kind: 'mill' },
    { name: 'Ceramill Motion 3', kind: 'mill' },
  ],
};

const projectPlan: { status: MachineProjectRef['status']; day: number; hour: number; hours: number }[] = [
  { status: 'Complete', day: -6, hour: 9, hours: 5 },
  { status: 'Complete', day: -4, hour: 13, hours: 4 },
  { status: 'Complete', day: -2, hour: 8, hours: 6 },
  { status: 'Complete', day: -1, hour: 10, hours: 3 },
  { status: 'Ready', day: 0, hour: 11, hours: 4 },
  { status: 'Ready', day: 1, hour: 8, hours: 5 },
  { status: 'Pending', day: 1, hour: 14, hours: 3 },
  { status: 'Pending', day: 2, hour: 9, hours: 4 },
];

const colors = ['#1976d2', '#388e3c', '#f57c00', '#7b1fa2', '#c2185b'];

export const seedProduction = async (
  tx: Tx,
  ref: Reference,
  staff: Staff,
  now: number,
): Promise<MachineProjectRef[]> => {
  const machineRows = await insertReturning(
    tx,
    machines,
    ref.branches.flatMap((b) => (machineList[b.name] ?? []).map((m) => ({ ...m, branch_id: b.id }))),
  );
  const projectSpecs = ref.branches.flatMap((b) => {
    const mills = machineRows.filter((m) => m.branch_id === b.id && m.kind === 'mill');
    const machinist = staff.inDepartment('MACHINING', b.name)[0];
    return projectPlan.map((p, i) => {
      const start = labTime(now, p.day, p.hour);
      // The last Pending project of each branch is still unscheduled (no calendar slot yet).
      const unscheduled = p.status === 'Pending' && i === projectPlan.length - 1;
      return {
        branch: b.name,
        status: p.status,
        row: {
          name: `${b.code}-${new Date(start).toISOString().slice(2, 10).replace(/-/g, '')}-${String.fromCharCode(65 + i)}`,
          machine_id: mills[i % Math.max(1, mills.length)]?.id ?? null,
          branch_id: b.id,
          start_time: unscheduled ? null : new Date(start),
          end_time: unscheduled ? null : new Date(start + p.hours * HOUR),
          status: p.status,
          color: colors[i % colors.length],
          created_by_id: machinist?.id ?? null,
          created_at: new Date(start - 20 * HOUR),
        },
      };
    });
  });
  const projectRows = await insertReturning(
    tx,
    machine_projects,
    projectSpecs.map((p) => p.row),
  );

  await insertAll(
    tx,
    machine_plans,
    machineRows
      .filter((m) => m.kind === 'mill')
      .flatMap((m, i) => [
        {
          name: i % 2 === 0 ? 'Spindle service' : 'Calibration',
          machine_id: m.id,
          start_time: new Date(labTime(now, 2 + (i % 3), 15)),
          end_time: new Date(labTime(now, 2 + (i % 3), 17)),
          color: '#9e9e9e',
          created_by_id: staff.byUsername('machinist').id,
        },
      ]),
  );
  const melbourneMill = machineRows[0];
  await insertAll(
    tx,
    scan_gauge_batches,
    [
      { key: 'SG-NB-CC', code: 'NB-CC-RP', name: 'Nobel Biocare CC RP', day: -3 },
      { key: 'SG-STR-BLT', code: 'STR-BL-RC', name: 'Straumann BLT RC', day: 0 },
      { key: 'SG-NEO-GM', code: 'NEO-GM', name: 'Neodent GM', day: 3 },
    ].map((g, i) => ({
      batch_key: `${g.key}-${new Date(labTime(now, g.day, 7)).toISOString().slice(0, 10)}`,
      created_by_id: staff.byUsername('machinist').id,
      started_at: new Date(labTime(now, g.day, 7 + i)),
      duration_hours: '2.50',
      machine_id: melbourneMill?.id ?? null,
      implant_reference_code: g.code,
      implant_name: g.name,
    })),
  );
  return projectRows.map((r, i) => ({
    id: r.id,
    branch: projectSpecs[i]?.branch ?? '',
    status: projectSpecs[i]?.status ?? 'Pending',
  }));
};
